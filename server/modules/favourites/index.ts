// Saved posts (issue 14).

export { forgetFavouritesOf } from './repo';
export { favouriteRoutes } from './routes';
