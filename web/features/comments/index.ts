// The comments feature's public face: the detail's comments panel.
export { CommentsSection } from './components/comments-section';
