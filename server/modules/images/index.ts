// A post's images: upload, list and delete (routes), /media (media-routes.ts), and what the listings
// and the jobs need: a post's stored keys, removing unused files, the sweeps, the upload slots.
export { mediaRoutes } from './media-routes';
export { STALE_UPLOAD_MS, sweepOrphanFiles } from './orphans';
export { keysOfPost } from './repo';
export { imageRoutes } from './routes';
export { removeUnusedFiles } from './service';
export { UPLOADS_PER_USER_AT_ONCE, UploadSlots } from './upload-slots';
export { sweepStaleUploads, uploadTempRoot } from './upload-spool';
