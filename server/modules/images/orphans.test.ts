import { utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postImages } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';
import { sweepOrphanFiles } from './orphans';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('removes old files no image row points to, and keeps referenced or young ones', async () => {
  const storage = t.app.deps.storage;
  const user = await createUser(t.app);
  const post = await insertPost(t, user.id);
  const keys = {
    thumb: `posts/${post.id}/aaaa-thumb.webp`,
    medium: `posts/${post.id}/aaaa-medium.webp`,
    full: `posts/${post.id}/aaaa-full.webp`,
    oldMedium: `posts/${post.id}/dddd-medium.webp`,
    oldOrphan: `posts/${post.id}/bbbb-full.webp`,
    youngOrphan: `posts/${post.id}/cccc-full.webp`,
  };
  for (const key of Object.values(keys)) await storage.put(key, Buffer.from('x'), 'image/webp');
  await t.database.db.insert(postImages).values({
    postId: post.id,
    position: 0,
    thumbKey: keys.thumb,
    mediumKey: keys.medium,
    fullKey: keys.full,
    width: 1,
    height: 1,
    bytes: 2,
  });
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
  for (const key of [keys.thumb, keys.medium, keys.full, keys.oldOrphan, keys.oldMedium])
    utimesSync(path.join(t.dataDir, 'media', key), twoHoursAgo, twoHoursAgo);

  const removed = await sweepOrphanFiles({ database: t.database, storage }, t.app.log);
  expect(removed).toBe(2);
  expect(await storage.get(keys.oldOrphan)).toBeNull();
  expect(await storage.get(keys.oldMedium)).toBeNull();
  for (const key of [keys.thumb, keys.medium, keys.full, keys.youngOrphan]) {
    const object = await storage.get(key);
    expect(object, key).not.toBeNull();
    object?.stream.destroy();
  }
});
