// The comments feature's public face: the detail's comments panel.
export { CommentsSection, type CommentsSectionProps } from './components/comments-section';
