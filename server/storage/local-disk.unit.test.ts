import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk';
import { isValidKey } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'mkt-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LocalDiskStorage', () => {
  const storage = new LocalDiskStorage(root);

  it('puts, gets and deletes by key, leaving no temporary files', async () => {
    await storage.put('posts/7/abc-full.webp', Buffer.from('hello'), 'image/webp');
    const object = await storage.get('posts/7/abc-full.webp');
    expect(object).toMatchObject({ size: 5, contentType: 'image/webp' });
    if (!object) throw new Error('stored object missing');
    expect(await text(object.stream)).toBe('hello');
    expect(readdirSync(path.join(root, 'posts', '7'))).toEqual(['abc-full.webp']);
    await storage.delete('posts/7/abc-full.webp');
    expect(await storage.get('posts/7/abc-full.webp')).toBeNull();
    await expect(storage.delete('posts/7/abc-full.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the root', async () => {
    for (const key of ['../x', 'posts/../../x', '/etc/passwd', 'a//b', 'a/.hidden', 'A/b', 'a\\b', '']) {
      expect(isValidKey(key), key).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    }
  });

  it('lists the keys under a prefix, skipping leftovers of an interrupted write', async () => {
    await storage.put('posts/8/a-full.webp', Buffer.from('a'), 'image/webp');
    await storage.put('posts/9/b-thumb.webp', Buffer.from('b'), 'image/webp');
    writeFileSync(path.join(root, 'posts', '9', 'b-thumb.webp.1a2b3c.tmp'), 'partial');
    const keys: string[] = [];
    for await (const { key, modifiedAt } of storage.list('posts/')) {
      keys.push(key);
      expect(modifiedAt).toBeInstanceOf(Date);
    }
    expect(keys.sort()).toEqual(['posts/8/a-full.webp', 'posts/9/b-thumb.webp']);
    for await (const entry of storage.list('nothing/')) throw new Error(`unexpected ${entry.key}`);
  });
});
