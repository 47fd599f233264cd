// The key that signs cookies the server issues (the anonymous visitor id). From COOKIE_SECRET when set
// (several instances must share one), else made once and kept in DATA_DIR/cookie-secret, so a restart
// does not turn every visitor into a new one.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

export function cookieSecret(config: Pick<Config, 'cookieSecret' | 'dataDir'>): Buffer {
  if (config.cookieSecret) return Buffer.from(config.cookieSecret);
  const file = path.join(config.dataDir, 'cookie-secret');
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32);
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return readFileSync(file); // another process made it first
  }
}
