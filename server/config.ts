// Configuration is read from the environment once, at boot, and validated; a bad value stops the
// server with a message naming the variable. No other file reads process.env.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { APP_VERSION } from '../shared/catalog';

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

// Which X-Forwarded-For entries to believe (the client address the per-address limits count).
// 'true' is refused: it believes the left-most entry, which the client writes itself, so anyone could
// pick a fresh address per request. A hop count or the proxies' own addresses make Fastify take the
// address the nearest trusted proxy saw.
const TRUST_PROXY_HELP =
  "'false', a hop count (how many proxies are in front, e.g. 1) or the proxies' addresses or CIDRs, comma-separated";
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const text = value.trim();
  if (text === 'false') return false;
  if (/^\d{1,3}$/.test(text)) return Number(text) || false;
  const list = text.split(',').map((entry) => entry.trim());
  if (text !== 'true' && list.every(isProxyAddress)) return list;
  const why = text === 'true' ? "'true' would believe a forged X-Forwarded-For; use " : 'must be ';
  ctx.addIssue({ code: 'custom', message: `${why}${TRUST_PROXY_HELP}` });
  return z.NEVER;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  CONTACT_EMAIL: z.email().default('support@marketplace.co.zw'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  WEB_DIST: z.string().min(1).default('./dist/web'),
  SESSION_DAYS: int(30, 1),
  LOGIN_FAILURES_PER_ACCOUNT: int(10, 1),
  LOGIN_FAILURES_PER_ACCOUNT_ALL_IPS: int(100, 1),
  LOGIN_ATTEMPTS_PER_IP: int(300, 1),
  SIGNUPS_PER_IP: int(50, 1),
  RATE_WINDOW_MINUTES: int(15, 1),
  IDLE_TIMEOUT_SECONDS: int(60, 1),
  HEADERS_TIMEOUT_SECONDS: int(30, 1),
  REQUEST_TIMEOUT_SECONDS: int(7200, 1),
  KEEP_ALIVE_TIMEOUT_SECONDS: int(65, 1),
});

export type Config = ReturnType<typeof loadConfig>;

// Node refuses a headers timeout longer than the request timeout (the whole request includes them).
const checkedEnvSchema = envSchema.refine((e) => e.HEADERS_TIMEOUT_SECONDS <= e.REQUEST_TIMEOUT_SECONDS, {
  path: ['HEADERS_TIMEOUT_SECONDS'],
  message: 'must not be longer than REQUEST_TIMEOUT_SECONDS',
});

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: publicUrl.origin,
    secureCookies: publicUrl.protocol === 'https:',
    contactEmail: e.CONTACT_EMAIL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST),
    sessionDays: e.SESSION_DAYS,
    rateLimits: {
      windowMs: e.RATE_WINDOW_MINUTES * 60_000,
      loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerAccountAllIps: e.LOGIN_FAILURES_PER_ACCOUNT_ALL_IPS,
      loginAttemptsPerIp: e.LOGIN_ATTEMPTS_PER_IP,
      signupsPerIpPerHour: e.SIGNUPS_PER_IP,
    },
    timeouts: {
      idleMs: e.IDLE_TIMEOUT_SECONDS * 1000,
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** What the browser may see (served by GET /api/config). */
export function publicConfig(config: Config) {
  return { contactEmail: config.contactEmail, version: APP_VERSION };
}
