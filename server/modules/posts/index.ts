// The post as a resource the other modules share (it has no routes): who sees it and may do what with
// it (policy.ts: the one visibility rule), loading a post through that rule (access.ts), its wire
// shapes (presenter.ts), the phone number it shows (contact.ts), its cover image and when it expires.
export { loadPostFor, type PostAccess, type PostRecord, requireVisiblePost } from './access';
export { shownPhone } from './contact';
export { coverColumns, coverOfPost } from './cover';
export { type ExpiryDeps, isExpired, listingCutoff } from './expiry';
export { authorizePost, type PostAction, type PostVisibilityFields, postVisibility } from './policy';
export {
  type ImageRow,
  mediaUrl,
  type PostRow,
  type PostWithAuthor,
  presentImage,
  presentItem,
  presentPost,
  presentRollingItem,
  setMediaBaseUrl,
} from './presenter';
