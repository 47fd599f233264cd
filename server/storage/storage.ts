// Where image files live. Keys are opaque, slash-separated paths such as `posts/12/ab34-full.webp`;
// every stored object is immutable (a new upload gets a new key), so the key is its validator (ETag).
// Who may see it is its post's business, not the store's (GET /media, decision 011).
// Local disk is the default; S3-compatible object storage is the scale path (DESIGN §8).
import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string;
}

export interface Storage {
  /** Writes the whole object; when this resolves the object is readable under `key`. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under `key` (or the key is not a valid key). */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key under a prefix (e.g. `posts/`), for the orphan sweep. */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

// Lower-case segments of letters, digits, '-', '_' and one optional extension: no '..', no
// absolute paths, nothing a disk or a bucket would treat specially.
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*(?:\.[a-z0-9]+)?$/;
export const isValidKey = (key: string) => key.length <= 200 && KEY_PATTERN.test(key);

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};
export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
