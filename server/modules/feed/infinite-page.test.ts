// GET /infinite: the shell names the rolling feed's first cover, so the browser fetches the page's
// largest paint with the page (decision 035).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { at, clearFeedCache, insertImage, insertPosts } from '../../test/feed-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'mkt-infinite-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  t = await createTestApp({ WEB_DIST: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const coverPreloads = async (headers: Record<string, string> = {}) => {
  clearFeedCache(t);
  const res = await t.app.inject({ method: 'GET', url: '/infinite', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
};

describe('GET /infinite', () => {
  it("preloads the newest post's cover, unless the browser saves data", async () => {
    expect(await coverPreloads()).toEqual([]);
    const seller = await createUser(t.app);
    const [older, newest] = await insertPosts(t, seller.id, [
      { type: 'service', publishedAt: at(1) },
      { type: 'product', publishedAt: at(2) },
    ]);
    await insertImage(t, older?.id as number, 0, 'older');
    // The newest post has no image: nothing to preload (its card draws a placeholder).
    expect(await coverPreloads()).toEqual([]);
    await insertImage(t, newest?.id as number, 0, 'front');
    expect(await coverPreloads()).toEqual([
      `<link rel="preload" as="image" href="/media/posts/${newest?.id}/front-thumb.webp" fetchpriority="high">`,
    ]);
    expect(await coverPreloads({ 'save-data': 'on' })).toEqual([]);
  });

  it('does not wait for a busy database: the page comes at once, without the preload', async () => {
    clearFeedCache(t);
    // A transaction holds the posts table, so the feed cannot be read until it ends.
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table posts in access exclusive mode`);
      locked();
      await released;
    });
    await isLocked;
    const res = await t.app.inject({ method: 'GET', url: '/infinite' });
    release();
    await holder;
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('as="image"');
  });

  it('answers HEAD with the same headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/infinite' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});
