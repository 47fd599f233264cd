// Saved posts (issue 14).
export { favouriteRoutes } from './routes';
