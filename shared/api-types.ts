// The API's wire types, derived from the zod schemas in shared/schemas/ (one definition: the server
// validates and serialises with the schemas, the web reads these types).
import type { z } from 'zod';
import type * as engagement from './schemas/engagement';
import type * as favourites from './schemas/favourites';
import type * as moderation from './schemas/moderation';
import type * as post from './schemas/post';
import type * as sellerPage from './schemas/seller-page';
import type * as user from './schemas/user';

export type PublicUser = z.infer<typeof user.publicUserSchema>;
export type ApiErrorBody = z.infer<typeof user.errorBodySchema>;

export type ImageDto = z.infer<typeof post.imageSchema>;
export type ProductDto = z.infer<typeof post.productSchema>;
export type ServiceDto = z.infer<typeof post.serviceSchema>;
export type ItemDto = z.infer<typeof post.itemSchema>;
export type PostWrapper = z.infer<typeof post.postWrapperSchema>;
export type PostDetail = z.infer<typeof post.postDetailSchema>;
export type MyPost = z.infer<typeof post.myPostSchema>;
export type RollingFeedItem = z.infer<typeof post.rollingItemSchema>;
export type SellerPage = z.infer<typeof sellerPage.sellerPageSchema>;

export type CommentDto = z.infer<typeof engagement.commentSchema>;
export type CommentAuthor = CommentDto['author'];
export type CommentsPage = z.infer<typeof engagement.commentsPageSchema>;
export type ReactionType = LikeStatus['reactionType'];
export type LikeStatus = z.infer<typeof engagement.likeStatusSchema>;
export type LikeToggleResult = LikeStatus;
export type Engagement = z.infer<typeof engagement.engagementSchema>;
export type EngagementBatch = z.infer<typeof engagement.engagementBatchSchema>;
export type ViewStatistics = z.infer<typeof engagement.viewStatisticsSchema>;

export type ReportResult = z.infer<typeof moderation.reportResultSchema>;
export type QueueItem = z.infer<typeof moderation.queueItemSchema>;
export type ModerationQueue = z.infer<typeof moderation.queueSchema>;
export type ModerationAction = z.infer<typeof moderation.moderationActionSchema>;
export type ActionsPage = z.infer<typeof moderation.actionsPageSchema>;
export type ModerationResult = z.infer<typeof moderation.moderationResultSchema>;

export type FavouriteState = z.infer<typeof favourites.favouriteStateSchema>;
export type SavedPostIds = z.infer<typeof favourites.savedPostIdsSchema>;
export type FavouritesPage = z.infer<typeof favourites.favouritesPageSchema>;
