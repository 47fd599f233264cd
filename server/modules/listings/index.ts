// The owner's listings: create, edit, publish, status, renew, delete and the dashboard list.

export { deletePostsOfUser } from './repo';
export { listingRoutes } from './routes';
export { sweepIdempotencyKeys } from './service';
