// A post's comments: the spec's comment calls, and for trust and safety a comment found and locked
// through the post's and the comment's visibility (lockCommentFor).

export { lockCommentFor } from './access';
export { type CommentVisibilityFields, commentVisibility } from './policy';
export { commentRoutes } from './routes';
