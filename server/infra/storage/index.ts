// The storage the app uses, chosen from config: local disk (DATA_DIR/media) by default, or an
// S3-compatible bucket when several instances must share the images (decision 024).
import path from 'node:path';
import type { Config } from '../../config';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import type { Storage } from './storage';

export type { Storage, StoredObject } from './storage';
export { isValidKey, PUBLISHED_MEDIA_CACHE, StorageUnavailableError } from './storage';

export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  if (config.storage.kind === 's3') return new S3Storage(config.storage);
  return new LocalDiskStorage(path.join(config.dataDir, 'media'));
}
