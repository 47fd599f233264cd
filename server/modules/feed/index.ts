// The public feeds and search; a seller's listed posts are one of its lists.
export { feedRoutes } from './routes';
export { listSellerPosts } from './service';
