// The post-detail feature's public face: one post by id in every state (in place on /home and at
// /posts/{id}), with slots the engagement features fill.
export { usePost } from './api';
export { PostDetailPanel } from './components/post-detail-panel';
export { SellerTrust } from './components/seller-trust';
export { ShareButton } from './components/share-button';
