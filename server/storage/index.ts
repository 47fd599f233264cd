// The storage the app uses, chosen from config. Only local disk exists today; an S3 implementation of
// the same interface is the scale path (DESIGN §8).
import path from 'node:path';
import type { Config } from '../config';
import { LocalDiskStorage } from './local-disk';
import type { Storage } from './storage';

export type { Storage, StoredObject } from './storage';
export { isValidKey } from './storage';

export function createStorage(config: Pick<Config, 'dataDir'>): Storage {
  return new LocalDiskStorage(path.join(config.dataDir, 'media'));
}
