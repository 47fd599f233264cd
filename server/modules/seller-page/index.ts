// A seller's public page: GET /api/users/{userId}/profile and /users/{userId} with its Open Graph tags.
export { registerSellerPage } from './page';
export { sellerPageRoutes } from './routes';
