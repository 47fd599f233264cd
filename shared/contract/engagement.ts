// Likes, comments and views (spec §7) and the batched card engagement (DESIGN §4). Visitors read;
// signed-in users write. Every error body of these calls carries `success: false` (the spec's clients
// read it).
import { z } from 'zod';
import {
  commentResponseSchema,
  commentsPageSchema,
  countResponseSchema,
  engagementBatchSchema,
  engagementResponseSchema,
  likeStatusSchema,
  okResponseSchema,
  viewStatisticsSchema,
  viewTrackedSchema,
} from '../schemas/engagement';
import { commentContentSchema, idSchema } from '../validation';
import { area } from './define';
import { postIdParams, postIdSchema, postIdsQuery } from './post-ref';

export const likeCalls = area('likes', {
  toggleLike: {
    summary: "Like or unlike a post (the only reaction is 'like')",
    params: postIdParams,
    responses: { 200: likeStatusSchema },
    errors: [400, 401, 403, 404, 429],
    envelope: true,
  },
  likeStatus: {
    summary: "The viewer's like on a post (a visitor's is always false) and the like count",
    params: postIdParams,
    responses: { 200: likeStatusSchema },
    errors: [400, 404],
    envelope: true,
  },
  likeCount: {
    summary: 'How many users like a post',
    params: postIdParams,
    responses: { 200: countResponseSchema },
    errors: [400, 404],
    envelope: true,
  },
  engagement: {
    summary: "A post's like and comment counts and whether the viewer likes it",
    params: postIdParams,
    responses: { 200: engagementResponseSchema },
    errors: [400, 404],
    envelope: true,
  },
  engagementBatch: {
    summary: 'Engagement of a page of cards in one call: ?postIds=1,2,3 (at most 50)',
    description: 'Keyed by post id; posts that do not exist or that the viewer may not see are left out.',
    query: postIdsQuery,
    responses: { 200: engagementBatchSchema },
    errors: [400],
    envelope: true,
  },
});

const commentIdParams = z.object({ id: idSchema('Invalid comment ID') });

export const commentCalls = area('comments', {
  postComments: {
    summary: "A post's comments, newest first, 50 a page; pass pagination.nextCursor as ?cursor=",
    params: postIdParams,
    query: z.object({ cursor: z.string().max(200).optional() }),
    responses: { 200: commentsPageSchema },
    errors: [400, 404],
    envelope: true,
  },
  createComment: {
    summary: 'Comment on a post (plain text, trimmed, 1 to 2000 characters)',
    // The post id is a JSON number as the spec's ids are; a numeric string is accepted too.
    body: z.object({ postId: postIdSchema, content: commentContentSchema }),
    responses: { 201: commentResponseSchema },
    errors: [400, 401, 403, 404, 429],
    envelope: true,
  },
  editComment: {
    summary: 'Edit your own comment',
    params: commentIdParams,
    body: z.object({ content: commentContentSchema }),
    responses: { 200: commentResponseSchema },
    errors: [400, 401, 403, 404, 429],
    envelope: true,
  },
  deleteComment: {
    summary: "Delete a comment: your own, or anyone's on your post",
    params: commentIdParams,
    responses: { 200: okResponseSchema },
    errors: [400, 401, 403, 404, 429],
    envelope: true,
  },
  commentCount: {
    summary: 'How many comments a post has',
    params: postIdParams,
    responses: { 200: countResponseSchema },
    errors: [400, 404],
    envelope: true,
  },
});

export const viewCalls = area('views', {
  trackView: {
    summary: "Record that the viewer opened a post; isNewView is true on this viewer's first view",
    description: "Visitors are told apart by an HttpOnly 'vid' cookie, set when missing.",
    params: postIdParams,
    responses: { 200: viewTrackedSchema },
    errors: [400, 403, 404, 429],
    envelope: true,
  },
  viewStats: {
    summary: "A post's view statistics",
    params: postIdParams,
    responses: { 200: viewStatisticsSchema },
    errors: [400, 404],
    envelope: true,
  },
});
