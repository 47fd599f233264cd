// Response shapes of the API (spec §3, DESIGN §4), shared so web and server agree on every field.
import type { Category, City, SellOrBuy } from './catalog';

export interface PublicUser {
  id: number;
  name: string;
  email: string;
  phoneNumber: string;
}

export interface ImageDto {
  id: number;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

interface ItemBase {
  id: number;
  postId: number;
  name: string;
  category: Category;
  paymentMethods: string;
  details: string;
  city: City;
  location: string;
  sell_or_buy: SellOrBuy;
  isPublished: boolean;
  userId: number;
}
export interface ProductDto extends ItemBase {
  type: 'product';
  price: string;
}
export interface ServiceDto extends ItemBase {
  type: 'service';
  rate: string;
}
export type ItemDto = ProductDto | ServiceDto;

/** The post wrapper: exactly one of Product and Service is set. `cover` is the first image, if any. */
export interface PostWrapper {
  id: number;
  createdAt: string;
  publishedAt: string | null;
  userName: string;
  phoneNumber: string;
  Product: ProductDto | null;
  Service: ServiceDto | null;
  cover: ImageDto | null;
}

export interface PostDetail extends PostWrapper {
  images: ImageDto[];
}

/** A rolling-feed item: the spec's flat shape. */
export interface RollingFeedItem {
  type: 'Product' | 'Service';
  id: number;
  postId: number;
  name: string;
  category: Category;
  price?: string;
  rate?: string;
  paymentMethods: string;
  sell_or_buy: SellOrBuy;
  details: string;
  isPublished: boolean;
  createdAt: string;
  userName: string;
  phoneNumber: string;
  cover: ImageDto | null;
}

export interface ApiErrorBody {
  success?: false;
  message: string;
  errors?: Record<string, string>;
}

// Likes, comments and views (spec §3, §7; DESIGN §4). Every success body carries `success: true`.

export interface CommentAuthor {
  id: number;
  name: string;
  /** Always '' (privacy: comments are public); kept because the spec's shape lists it. */
  email: string;
  avatar: string | null;
}

export interface CommentDto {
  id: number;
  content: string;
  createdAt: string;
  updatedAt: string;
  userId: number;
  postId: number;
  isEdited: boolean;
  editedAt: string | null;
  author: CommentAuthor;
  canEdit: boolean;
  canDelete: boolean;
}

/** GET /api/comments/post/{postId}?cursor=: newest first; pass nextCursor back for the next page. */
export interface CommentsPage {
  success: true;
  data: {
    comments: CommentDto[];
    pagination: { nextCursor: string | null; hasMore: boolean; total: number };
  };
}

export type ReactionType = 'like' | null;
export interface LikeToggleResult {
  success: true;
  isLiked: boolean;
  likeCount: number;
  reactionType: ReactionType;
}
export interface LikeStatus {
  success: true;
  isLiked: boolean;
  likeCount: number;
  reactionType: ReactionType;
}

export interface Engagement {
  likeCount: number;
  commentCount: number;
  isLiked: boolean;
}
/** GET /api/likes/engagement?postIds=1,2,3: keyed by post id; invisible or missing posts are absent. */
export interface EngagementBatch {
  success: true;
  data: Record<string, Engagement>;
}

export interface ViewStatistics {
  success: true;
  statistics: { totalUniqueViewers: number; totalViews: number; authenticatedViewers: number };
  post: { id: number; views: number };
}
