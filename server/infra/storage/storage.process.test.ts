// One contract, two stores: every case runs against the local disk and against a real S3-compatible
// server (s3rver), so the app cannot tell them apart. Then what only one of them can do wrong.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSilentServer, startTestS3, type TestS3 } from '../../test/s3-server';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import { isValidKey, PUBLISHED_MEDIA_CACHE, type Storage, StorageUnavailableError } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'mkt-storage-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await s3?.close();
});

async function keysUnder(storage: Storage, prefix: string) {
  const keys: string[] = [];
  for await (const { key, modifiedAt } of storage.list(prefix)) {
    keys.push(key);
    expect(modifiedAt).toBeInstanceOf(Date);
    expect(Math.abs(Date.now() - modifiedAt.getTime())).toBeLessThan(3_600_000);
  }
  return keys.sort();
}

const stores: Array<[string, () => Storage]> = [
  ['local disk', () => new LocalDiskStorage(root)],
  // A page of 2 keys, so listing crosses pages as a bucket of thousands of images does.
  ['S3', () => new S3Storage(s3.config, 2)],
];

describe.each(stores)('%s: the storage contract', (_name, makeStorage) => {
  let storage: Storage;
  beforeAll(() => {
    storage = makeStorage();
  });
  afterAll(() => storage.close?.());

  it('puts, gets and deletes by key; deleting a missing key is not an error', async () => {
    await storage.put('posts/7/abc-full.webp', Buffer.from('hello'), 'image/webp');
    const object = await storage.get('posts/7/abc-full.webp');
    expect(object).toMatchObject({ size: 5, contentType: 'image/webp' });
    if (!object) throw new Error('stored object missing');
    expect(await text(object.stream)).toBe('hello');
    await storage.delete('posts/7/abc-full.webp');
    expect(await storage.get('posts/7/abc-full.webp')).toBeNull();
    expect(await storage.get('posts/7/never-full.webp')).toBeNull();
    await expect(storage.delete('posts/7/abc-full.webp')).resolves.toBeUndefined();
  });

  it('gives back exactly the bytes it was given', async () => {
    const bytes = randomBytes(300_000);
    await storage.put('posts/7/big-full.webp', bytes, 'image/webp');
    const object = await storage.get('posts/7/big-full.webp');
    if (!object) throw new Error('stored object missing');
    expect(object.size).toBe(bytes.length);
    expect((await buffer(object.stream)).equals(bytes)).toBe(true);
    await storage.delete('posts/7/big-full.webp');
  });

  it('refuses keys that could leave the root or mean something to a bucket', async () => {
    for (const key of [
      '../x',
      'posts/../../x',
      '/etc/passwd',
      'a//b',
      'a/.hidden',
      'A/b',
      'a\\b',
      '',
      'a?b',
    ]) {
      expect(isValidKey(key), key).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    }
  });

  it('lists every key under a prefix, and nothing under an empty one', async () => {
    const keys = [
      'posts/8/a-full.webp',
      'posts/8/a-thumb.webp',
      'posts/9/b-thumb.webp',
      'posts/10/c-full.webp',
    ];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    await storage.put('other/1/x.webp', Buffer.from('x'), 'image/webp');
    expect(await keysUnder(storage, 'posts/')).toEqual([...keys].sort());
    expect(await keysUnder(storage, 'nothing/')).toEqual([]);
    for (const key of [...keys, 'other/1/x.webp']) await storage.delete(key);
    expect(await keysUnder(storage, 'posts/')).toEqual([]);
  });
});

describe('local disk storage', () => {
  const storage = new LocalDiskStorage(root);

  it('writes through a temporary file, and lists past the leftovers of an interrupted write', async () => {
    await storage.put('posts/11/a-full.webp', Buffer.from('a'), 'image/webp');
    expect(readdirSync(path.join(root, 'posts', '11'))).toEqual(['a-full.webp']);
    writeFileSync(path.join(root, 'posts', '11', 'b-thumb.webp.1a2b3c.tmp'), 'partial');
    expect(await keysUnder(storage, 'posts/11/')).toEqual(['posts/11/a-full.webp']);
  });
});

describe('S3 storage', () => {
  it('stores the content type and the published cache lifetime, for browsers that load from the bucket', async () => {
    const storage = new S3Storage(s3.config);
    await storage.put('posts/12/a-full.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    // Read anonymously, as a browser given MEDIA_PUBLIC_URL would.
    const res = await fetch(`${s3.bucketUrl}/posts/12/a-full.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(PUBLISHED_MEDIA_CACHE);
    expect(await res.text()).toBe('RIFF....WEBP');
    storage.close();
  });

  it('skips objects in the bucket under names the app never makes', async () => {
    const storage = new S3Storage(s3.config);
    const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
    const client = new S3Client({ ...s3.config, region: s3.config.region });
    await client.send(
      new PutObjectCommand({ Bucket: s3.config.bucket, Key: 'posts/13/Upper Case.JPG', Body: 'x' }),
    );
    await storage.put('posts/13/a-full.webp', Buffer.from('a'), 'image/webp');
    expect(await keysUnder(storage, 'posts/13/')).toEqual(['posts/13/a-full.webp']);
    client.destroy();
    storage.close();
  });

  it('reports a store that is down as unavailable on every call, and works again when it is back', async () => {
    const storage = new S3Storage(s3.config);
    await storage.put('posts/14/a-full.webp', Buffer.from('a'), 'image/webp');
    await s3.stop();
    try {
      const calls: Array<[string, () => Promise<unknown>]> = [
        ['put', () => storage.put('posts/14/b-full.webp', Buffer.from('b'), 'image/webp')],
        ['get', () => storage.get('posts/14/a-full.webp')],
        ['delete', () => storage.delete('posts/14/a-full.webp')],
        ['list', () => keysUnder(storage, 'posts/14/')],
      ];
      for (const [what, call] of calls) {
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, what).toBeInstanceOf(StorageUnavailableError);
        expect((error as StorageUnavailableError).reason, what).toMatch(
          new RegExp(`^${what} .*ECONNREFUSED`),
        );
      }
    } finally {
      await s3.start();
    }
    const object = await storage.get('posts/14/a-full.webp');
    expect(object && (await text(object.stream))).toBe('a');
    storage.close();
  });

  it('gives up on a store that accepts connections and never answers, after its timeout', async () => {
    const silent = await startSilentServer();
    const storage = new S3Storage({ ...s3.config, endpoint: silent.endpoint, timeoutMs: 300 });
    try {
      for (const call of [
        () => storage.put('posts/15/a-full.webp', Buffer.from('a'), 'image/webp'),
        () => storage.get('posts/15/a-full.webp'),
        () => keysUnder(storage, 'posts/'),
      ]) {
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(StorageUnavailableError);
        expect((error as StorageUnavailableError).reason).toMatch(/no answer within 300 ms/);
      }
    } finally {
      storage.close();
      await silent.close();
    }
  });
});
