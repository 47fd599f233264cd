// Likes (spec §7) and the batched card engagement.

export { forgetLikesOf } from './repo';
export { likeRoutes } from './routes';
