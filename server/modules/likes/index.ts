// Likes (spec §7) and the batched card engagement.
export { likeRoutes } from './routes';
