// The public feeds and search; a seller's listed posts are one of its lists.
export { feedRoutes } from './routes';
// What a typed search means (decision 027), for a saved search to match new posts the same way.
export { everyWord, planSearch, type SearchPlan } from './search';
export { listSellerPosts } from './service';
