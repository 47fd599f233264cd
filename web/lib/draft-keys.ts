// Where drafts live on the device (decision 026; features/listings/drafts.ts): localStorage keys
// under this prefix and one IndexedDB database for their images. Signing out removes both
// (features/auth/auth-store.ts), so a shared phone keeps no one's half-written posts.
export const DRAFT_PREFIX = 'draft:';
export const DRAFT_IMAGES_DB = 'marketplace-drafts';
