import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
});
