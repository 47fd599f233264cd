// Feed rules: keyset pages of published posts (rolling feed by type, the /home list with search and
// filters) and one visible post. Pages fetch one row more than they show to know whether more exist.
import type { PostDetail, PostWrapper, RollingFeedItem } from '../../../shared/api-types';
import { type Category, type City, LIMITS, type PostType, type SellOrBuy } from '../../../shared/catalog';
import { MSG } from '../../../shared/messages';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { canSeePost } from '../posts/policy';
import { presentImage, presentPost, presentRollingItem } from '../posts/presenter';
import type { PublicUser } from '../users/repo';
import { decodeCursor, encodeCursor } from './cursor';
import { type FeedQuery, type FeedRow, findPostWithAuthor, listImages, listPublished } from './repo';
import { toPrefixQuery } from './search';

interface Page {
  rows: FeedRow[];
  cursor: string | null;
}

async function page({ database }: Deps, query: Omit<FeedQuery, 'limit'>, size: number): Promise<Page> {
  const rows = await listPublished(database.db, { ...query, limit: size + 1 });
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  const cursor =
    rows.length > size && last ? encodeCursor({ publishedAt: last.position, id: last.id }) : null;
  return { rows: shown, cursor };
}

const coverOf = (row: FeedRow) => (row.cover ? presentImage(row.cover) : null);
const toRollingItem = (row: FeedRow): RollingFeedItem => presentRollingItem(row, coverOf(row));
const toWrapper = (row: FeedRow): PostWrapper => presentPost(row, coverOf(row));

/** The newest products and the newest services, merged newest first, with a cursor per type. */
export async function firstPayload(deps: Deps) {
  const size = LIMITS.firstPayloadPerType;
  const [products, services] = await Promise.all([
    page(deps, { type: 'product' }, size),
    page(deps, { type: 'service' }, size),
  ]);
  // Positions are fixed-width UTC text, so comparing the strings compares the times.
  const merged = [...products.rows, ...services.rows].sort((a, b) =>
    a.position === b.position ? b.id - a.id : a.position < b.position ? 1 : -1,
  );
  return {
    posts: merged.map(toRollingItem),
    productCursor: products.cursor,
    serviceCursor: services.cursor,
  };
}

/**
 * The next rolling-feed page of one type after `cursor`. No cursor starts from the newest post; the
 * null cursor, or the text 'null' (what a form sends for an exhausted type), is an empty, final page.
 */
export async function rollingPage(
  deps: Deps,
  type: PostType,
  cursor: string | null | undefined,
  field: string,
) {
  if (cursor === null || cursor === 'null') return { posts: [], cursor: null };
  const after = cursor ? decodeCursor(cursor, field) : undefined;
  const result = await page(deps, { type, after }, LIMITS.rollingPageSize);
  return { posts: result.rows.map(toRollingItem), cursor: result.cursor };
}

export interface PostsFilter {
  search?: string;
  type?: PostType;
  category?: Category;
  city?: City;
  sellOrBuy?: SellOrBuy;
  cursor?: string;
}

/**
 * The cache key of a /home request that is the same for every visitor (the first page, optionally by
 * type), or undefined for a search, a filter or a later page.
 */
export function landingKey({ search, cursor, category, city, sellOrBuy, type }: PostsFilter) {
  const isLanding = !search?.trim() && !cursor && !category && !city && !sellOrBuy;
  return isLanding ? `posts:${type ?? 'all'}` : undefined;
}

/**
 * The /home list: published posts newest first, narrowed by full-text search and filters. Search
 * keeps the newest-first order (not relevance) so the same keyset cursor pages through results.
 */
export async function listPosts(deps: Deps, { search, cursor, ...filters }: PostsFilter) {
  const tsquery = search ? (toPrefixQuery(search) ?? undefined) : undefined;
  const after = cursor ? decodeCursor(cursor, 'cursor') : undefined;
  const result = await page(deps, { ...filters, tsquery, after }, LIMITS.postsPageSize);
  return { posts: result.rows.map(toWrapper), nextCursor: result.cursor };
}

/** One post with its images, if `viewer` may see it; undefined otherwise (unknown or not visible). */
export async function findVisiblePost(
  { database }: Deps,
  postId: number,
  viewer: PublicUser | null,
): Promise<PostDetail | undefined> {
  // Both queries in parallel; the images are dropped when the post is not visible.
  const [row, imageRows] = await Promise.all([
    findPostWithAuthor(database.db, postId),
    listImages(database.db, postId),
  ]);
  if (!row || !canSeePost(viewer?.id ?? null, row)) return undefined;
  const images = imageRows.map(presentImage);
  return { ...presentPost(row, images[0] ?? null), images };
}

export async function getPostDetail(deps: Deps, postId: number, viewer: PublicUser | null) {
  const post = await findVisiblePost(deps, postId, viewer);
  if (!post) throw notFound(MSG.postDetail.notFound);
  return post;
}
