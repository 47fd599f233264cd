// Shapes a post row into the spec's wrapper ({ id, createdAt, userName, phoneNumber, Product | Service })
// and item objects. Every route that returns a post goes through here.
import type { ImageDto, ItemDto, PostWrapper, RollingFeedItem } from '../../../shared/api-types';
import type { Category, City } from '../../../shared/catalog';
import type { postImages, posts } from '../../db/schema';
import { safetyWarningFor } from '../safety';

export type PostRow = typeof posts.$inferSelect;
export type ImageRow = typeof postImages.$inferSelect;
/** A post row joined with its author's public contact fields. */
export type PostWithAuthor = Omit<PostRow, 'searchVector'> & { userName: string; phoneNumber: string };

// Where browsers load stored images from: this app's GET /media, or MEDIA_PUBLIC_URL (a CDN or a
// public bucket, decision 024). Set once at boot, like the display time zone: one value per process.
let mediaBase = '/media';
export function setMediaBaseUrl(url: string | undefined) {
  mediaBase = url ?? '/media';
}

/** The URL of a stored image variant. Only callers that may see the post are ever given it. */
export const mediaUrl = (key: string) => `${mediaBase}/${key}`;

export function presentImage(
  row: Pick<ImageRow, 'id' | 'thumbKey' | 'mediumKey' | 'fullKey' | 'width' | 'height'>,
): ImageDto {
  return {
    id: row.id,
    url: mediaUrl(row.fullKey),
    thumbUrl: mediaUrl(row.thumbKey),
    // Images stored before the medium variant existed have none (decision 018).
    ...(row.mediumKey ? { mediumUrl: mediaUrl(row.mediumKey) } : {}),
    width: row.width,
    height: row.height,
  };
}

export function presentItem(row: Omit<PostRow, 'searchVector'>): ItemDto {
  const base = {
    id: row.id,
    postId: row.id,
    name: row.name,
    category: row.category as Category,
    paymentMethods: row.paymentMethods,
    details: row.details,
    city: row.city as City,
    location: row.location,
    sell_or_buy: row.sellOrBuy,
    isPublished: row.isPublished,
    userId: row.userId,
    moderation: row.moderation,
    status: row.status,
    currency: row.currency,
  };
  return row.type === 'product'
    ? { ...base, type: 'product', price: row.price }
    : { ...base, type: 'service', rate: row.price };
}

export function presentPost(row: PostWithAuthor, cover: ImageDto | null = null): PostWrapper {
  const item = presentItem(row);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    // The column keeps the last publish time while unpublished (it limits feed bumps); the post is not
    // published then.
    publishedAt: row.isPublished ? (row.publishedAt?.toISOString() ?? null) : null,
    userName: row.userName,
    phoneNumber: row.phoneNumber,
    Product: item.type === 'product' ? item : null,
    Service: item.type === 'service' ? item : null,
    cover,
    safetyWarning: safetyWarningFor(row.scamSignals),
  };
}

export function presentRollingItem(row: PostWithAuthor, cover: ImageDto | null = null): RollingFeedItem {
  const item = presentItem(row);
  const { type: _type, userId: _userId, location: _location, moderation: _moderation, ...rest } = item;
  return {
    ...rest,
    type: item.type === 'product' ? 'Product' : 'Service',
    createdAt: row.createdAt.toISOString(),
    // Listed posts are published; the feed's order and the card's age both read this (issue 34).
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    userName: row.userName,
    phoneNumber: row.phoneNumber,
    cover,
    safetyWarning: safetyWarningFor(row.scamSignals),
  };
}
