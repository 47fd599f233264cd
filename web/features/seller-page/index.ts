// The seller-page feature's public face: a seller's name, join date, post count and posts at
// /users/{userId}, in every state.
export { SellerPagePanel } from './components/seller-page-panel';
