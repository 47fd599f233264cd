// Where image files live. Keys are opaque, slash-separated paths such as `posts/12/ab34-full.webp`;
// every stored object is immutable (a new upload gets a new key), so the key is its validator (ETag).
// Who may see it is its post's business, not the store's (GET /media, decision 011).
// Local disk is the default; S3-compatible object storage (decision 024) lets several instances share one.
import type { Readable } from 'node:stream';

/**
 * The store did not answer, answered an error, or took longer than its timeout: the request answers
 * 503 (server/errors.ts) and the process goes on. `reason` is one line for the log (no credentials).
 * Deliberately no `cause`: the network codes in one (ECONNREFUSED...) would read as a database fault.
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  readonly code = 'STORAGE_UNAVAILABLE';
  constructor(readonly reason: string) {
    super(`image storage unavailable: ${reason}`);
  }
}

/**
 * A published post's image (decision 011): browsers an hour, shared caches (CDN) five minutes. GET
 * /media sends it, and an S3 object carries it for browsers that load it from MEDIA_PUBLIC_URL.
 */
export const PUBLISHED_MEDIA_CACHE = 'public, max-age=3600, s-maxage=300';

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
  /** Releases what the store holds open (an S3 client's connections); called when the app closes. */
  close?(): void;
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
