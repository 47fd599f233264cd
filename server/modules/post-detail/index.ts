// One post: GET /api/posts/{postId} and the shared-link page with its Open Graph tags (whose helpers
// the seller page uses too).
export { type MetaTag, metaTags, withTitle } from './og';
export { registerPostPage } from './page';
export { postDetailRoutes } from './routes';
