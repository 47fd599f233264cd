// The listings feature's public face: the owner's create form, Post Preview and dashboard list.
export { CreateListingForm } from './components/create-listing-form';
export { MyPosts } from './components/my-posts';
export { PostPreview } from './components/post-preview';
export { type PreviewState, readPreviewState } from './preview-state';
