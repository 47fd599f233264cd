// Builders shared by the feed and post-detail tests: posts at chosen times, images, and form-encoded rolling calls.
import type { SQL } from 'drizzle-orm';
import { postImages } from '../db/schema';
import type { TestApp } from './harness';
import { insertPost, type PostOverrides } from './post-factory';

/** A fixed point in the past; post times are offsets from it so order is known exactly. */
export const BASE_TIME = Date.parse('2026-01-10T08:00:00.000Z');
export const at = (seconds: number) => new Date(BASE_TIME + seconds * 1000);

export async function insertPosts(t: TestApp, userId: number, list: PostOverrides[]) {
  const rows = [];
  for (const overrides of list) rows.push(await insertPost(t, userId, overrides));
  return rows;
}

/** The ids of `rows` in feed order: published_at newest first, then id highest first. */
export function feedOrder(rows: Array<{ id: number; publishedAt: Date | null }>) {
  return [...rows]
    .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.id - a.id)
    .map((row) => row.id);
}

export async function insertImage(t: TestApp, postId: number, position: number, name = `img${position}`) {
  const [row] = await t.database.db
    .insert(postImages)
    .values({
      postId,
      position,
      thumbKey: `posts/${postId}/${name}-thumb.webp`,
      mediumKey: `posts/${postId}/${name}-medium.webp`,
      fullKey: `posts/${postId}/${name}-full.webp`,
      width: 1600,
      height: 1200,
      bytes: 1000,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** POST a rolling-feed call the way the spec's client does: form-encoded. */
export function rollingCall(t: TestApp, kind: 'products' | 'services', cursor?: string | null) {
  const field = kind === 'products' ? 'incomingProductCursor' : 'incomingServiceCursor';
  return t.app.inject({
    method: 'POST',
    url: `/api/rolling-feed-${kind}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: cursor === undefined ? '' : `${field}=${encodeURIComponent(String(cursor))}`,
  });
}

/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
export async function selectRows<T>(t: TestApp, query: SQL): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Rows inserted straight into the database bypass the API writes that clear the landing-feed cache. */
export function clearFeedCache(t: TestApp) {
  t.app.deps.feedCache.clear();
}
