// The posts feature's public components (the engagement feature fills the card and detail slots).
export { PostCard, type PostCardProps } from './post-card';
export { PostDetailView, type PostDetailViewProps } from './post-detail-view';
export { PostGrid, PostGridSkeleton } from './post-grid';
