// Configuration is read from the environment once, at boot, and validated; a bad value stops the
// server with a message naming the variable. No other file reads process.env.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { APP_VERSION, DISPLAY_TIME_ZONE } from '../shared/catalog';
import { canonicalTimeZone } from '../shared/format';

const HOUR_MS = 3_600_000;
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

// The zone every date is shown in, on the server and in the browser (the web app gets it in the page).
function parseTimeZone(value: string, ctx: z.RefinementCtx): string {
  const zone = canonicalTimeZone(value.trim());
  if (zone) return zone;
  ctx.addIssue({
    code: 'custom',
    message: `must be an IANA time zone name such as ${DISPLAY_TIME_ZONE} or Africa/Harare (got '${value}')`,
  });
  return z.NEVER;
}

// An unset variable and one set to '' mean the same: not given.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const httpUrl = z.url({ protocol: /^https?$/ });
// S3's own rule (3-63 lower-case letters, digits, dots and hyphens), which R2, B2 and MinIO share.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

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
  // Shared rate-limit counters and feed-cache invalidation for several instances (decision 023).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('marketplace:'),
  // Worker processes on this machine (node:cluster); more than 1 needs DATABASE_URL.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(1),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  CONTACT_EMAIL: z.email().default('support@marketplace.co.zw'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The share of successful reads (GET/HEAD answered 2xx) that get an access line; errors, other
  // statuses and writes always do (decision 042).
  LOG_SAMPLE_2XX_READS: z.coerce.number().min(0).max(1).default(1),
  // GET /metrics answers only `Authorization: Bearer <this>`; unset, /metrics is a 404 (decision 042).
  METRICS_TOKEN: optional(
    z
      .string()
      .min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
  ),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  DISPLAY_TIME_ZONE: z.string().default(DISPLAY_TIME_ZONE).transform(parseTimeZone),
  WEB_DIST: z.string().min(1).default('./dist/web'),
  SESSION_DAYS: int(30, 1),
  SESSION_MAX_DAYS: int(90, 1),
  LOGIN_FAILURES_PER_ACCOUNT: int(10, 1),
  LOGIN_FAILURES_PER_ACCOUNT_ALL_IPS: int(100, 1),
  LOGIN_ATTEMPTS_PER_IP: int(300, 1),
  SIGNUPS_PER_IP: int(50, 1),
  RATE_WINDOW_MINUTES: int(15, 1),
  // Per signed-in user (per address for visitors), sized for a real person: a shop owner may list 20
  // items in an hour, a buyer may write 30 comments in an hour.
  POSTS_PER_HOUR: int(20, 1),
  POST_CHANGES_PER_HOUR: int(120, 1),
  COMMENTS_PER_HOUR: int(30, 1),
  COMMENT_CHANGES_PER_HOUR: int(60, 1),
  LIKES_PER_HOUR: int(300, 1),
  FAVOURITES_PER_HOUR: int(300, 1),
  PROFILE_UPDATES_PER_HOUR: int(20, 1),
  UPLOADS_PER_15_MINUTES: int(60, 1),
  REPORTS_PER_HOUR: int(30, 1),
  MODERATION_ACTIONS_PER_HOUR: int(600, 1),
  VIEWS_PER_MINUTE: int(120, 1),
  NEW_VISITORS_PER_ADDRESS_PER_HOUR: int(5, 1),
  // Signs the anonymous visitor cookie; unset, a random one is kept in DATA_DIR/cookie-secret. Several
  // instances must share one.
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Multiplies every per-user and per-address limit at once (not the per-account password lockouts),
  // so a load test or an acceptance run from one machine can raise them all.
  LIMITS_MULTIPLIER: z.coerce.number().positive().max(1_000_000).default(1),
  // Trust & safety (decision 014). Reports weigh by their reporter's trust (modules/reports/weight.ts);
  // at this weight the target is hidden until a moderator decides.
  REPORT_HIDE_WEIGHT: int(5, 1),
  // A report from an account younger than this weighs nothing toward hiding (0: age alone costs nothing,
  // a test setting), and one restored by a moderator cannot be hidden by reports for this many days.
  REPORT_MIN_ACCOUNT_HOURS: int(24),
  RESTORED_IMMUNITY_DAYS: int(30),
  // A published post not renewed for this many days expires (issue 14, decision 022): it leaves the
  // feeds until its owner renews it.
  POST_EXPIRY_DAYS: int(60, 1),
  // Accounts with these emails are moderators from sign-up or their next sign-in.
  MODERATOR_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  // An account's first 24 hours: at most this many posts and comments (scaled by LIMITS_MULTIPLIER).
  NEW_ACCOUNT_POSTS_PER_DAY: int(10, 1),
  NEW_ACCOUNT_COMMENTS_PER_DAY: int(30, 1),
  // The same listing text from this many accounts within 24 hours: this one and later ones are held.
  COPY_PASTE_ACCOUNTS: int(3, 2),
  // How long a public feed or comments page is served from memory (infra/read-cache.ts); 0: never.
  FEED_CACHE_MS: int(1000, 0),
  // How long a signed-in read may use a session looked up that long ago (plugins/session.ts); 0: never.
  SESSION_CACHE_MS: int(1000, 0),
  DB_STATEMENT_TIMEOUT_MS: int(5000, 1),
  DB_CONNECT_TIMEOUT_MS: int(3000, 1),
  UPLOAD_IDLE_SECONDS: int(30, 1),
  IDLE_TIMEOUT_SECONDS: int(60, 1),
  HEADERS_TIMEOUT_SECONDS: int(30, 1),
  REQUEST_TIMEOUT_SECONDS: int(7200, 1),
  KEEP_ALIVE_TIMEOUT_SECONDS: int(65, 1),
  // Where image files live (decision 024): DATA_DIR/media, or an S3-compatible bucket.
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: optional(z.string().regex(BUCKET_NAME, 'must be a bucket name (3-63 of a-z, 0-9, . and -)')),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, "must be a region name such as eu-west-1 or 'auto'")),
  S3_ENDPOINT: optional(httpUrl),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], "must be 'true' or 'false'").default('false'),
  S3_TIMEOUT_MS: int(5000, 100),
  // The SDK's standard names. Unset, the SDK's default chain finds credentials (an instance or task
  // role, web identity, ~/.aws): the one place something other than this file reads the environment.
  AWS_ACCESS_KEY_ID: optional(z.string()),
  AWS_SECRET_ACCESS_KEY: optional(z.string()),
  AWS_SESSION_TOKEN: optional(z.string()),
  // Mail (issue 31, decision 039): an SMTP server in nodemailer's URL form; unset, each mail is an .eml
  // file in DATA_DIR/outbox and a log line.
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@host:587')
      .refine(
        (url) => URL.canParse(url),
        'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@host:587',
      ),
  ),
  MAIL_FROM: z
    .string()
    .max(200)
    .regex(
      /^[^<>\r\n]*<[^@<>\s]+@[^@<>\s]+>$|^[^@<>\s]+@[^@<>\s]+$/,
      'must be an address, e.g. Name <no-reply@example.com>',
    )
    .default('Zim Marketplace <no-reply@marketplace.co.zw>'),
  // Forgot password (issue 31): requests per address per hour (scaled by LIMITS_MULTIPLIER), and mails
  // per account per hour (not scaled: it protects the inbox); confirmation mails a user may ask for.
  PASSWORD_RESET_REQUESTS_PER_HOUR: int(5, 1),
  PASSWORD_RESET_MAILS_PER_HOUR: int(3, 1),
  VERIFICATION_MAILS_PER_HOUR: int(3, 1),
  ACCOUNT_EXPORTS_PER_HOUR: int(10, 1),
  // Conversations (issue 32): messages per user per hour, new conversations per user per day (fewer
  // for accounts younger than 7 days); all scaled by LIMITS_MULTIPLIER.
  MESSAGES_PER_HOUR: int(60, 1),
  CONVERSATIONS_PER_DAY: int(30, 1),
  NEW_ACCOUNT_CONVERSATIONS_PER_DAY: int(10, 1),
  // How often each instance reads the events a missed hint did not bring (Redis down; decision 040).
  LIVE_POLL_MS: int(2000, 100),
  // Notifications (issue 33): how soon a new post is checked against the saved searches; how long a
  // person is away before what they missed is mailed, and at most one such mail per this many minutes
  // (0 for either: at once, a test setting).
  SAVED_SEARCH_CHECK_SECONDS: int(60, 1),
  NOTIFY_AWAY_MINUTES: int(10, 0),
  NOTIFY_MAIL_MINUTES: int(60, 0),
  // A CDN or public bucket URL browsers load images from instead of this app's /media (decision 024).
  MEDIA_PUBLIC_URL: optional(
    httpUrl.refine((url) => !/[?#]/.test(url), 'must be a plain http(s) URL with no query or fragment'),
  ),
});

export type Config = ReturnType<typeof loadConfig>;

// Node refuses a headers timeout longer than the request timeout (the whole request includes them).
const checkedEnvSchema = envSchema
  .refine((e) => e.HEADERS_TIMEOUT_SECONDS <= e.REQUEST_TIMEOUT_SECONDS, {
    path: ['HEADERS_TIMEOUT_SECONDS'],
    message: 'must not be longer than REQUEST_TIMEOUT_SECONDS',
  })
  // PGlite is one process's database: a second worker could not open it.
  .refine((e) => e.WEB_CONCURRENCY === 1 || e.DATABASE_URL, {
    path: ['WEB_CONCURRENCY'],
    message:
      'more than 1 worker needs a PostgreSQL server (DATABASE_URL): the embedded database (PGlite) serves one process only',
  })
  .superRefine(checkStorage);

function checkStorage(e: z.infer<typeof envSchema>, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (e.STORAGE === 's3' && !e.S3_BUCKET) issue('S3_BUCKET', 'is required when STORAGE=s3');
  if (e.STORAGE === 's3' && !e.S3_REGION)
    issue(
      'S3_REGION',
      "is required when STORAGE=s3 (the bucket's region; 'auto' for R2, 'us-east-1' for MinIO)",
    );
  // One without the other is a typo or a half-finished change, not a choice: the SDK would use neither.
  if (e.AWS_ACCESS_KEY_ID && !e.AWS_SECRET_ACCESS_KEY)
    issue('AWS_SECRET_ACCESS_KEY', 'must be set when AWS_ACCESS_KEY_ID is');
  if (e.AWS_SECRET_ACCESS_KEY && !e.AWS_ACCESS_KEY_ID)
    issue('AWS_ACCESS_KEY_ID', 'must be set when AWS_SECRET_ACCESS_KEY is');
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const scaled = (max: number) => Math.max(1, Math.round(max * e.LIMITS_MULTIPLIER));
  const perHour = (max: number) => ({ max: scaled(max), timeWindow: HOUR_MS });
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** Shared counters and feed-cache invalidation; unset: in this process only (decision 023). */
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_KEY_PREFIX } : undefined,
    /** Worker processes server/main.ts starts (node:cluster). */
    workers: e.WEB_CONCURRENCY,
    publicUrl: publicUrl.origin,
    secureCookies: publicUrl.protocol === 'https:',
    contactEmail: e.CONTACT_EMAIL,
    logLevel: e.LOG_LEVEL,
    /** The share of 2xx GET/HEAD answers that are logged (the rest always are). */
    logSample2xxReads: e.LOG_SAMPLE_2XX_READS,
    /** The bearer token of GET /metrics; unset, it is not served. */
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY,
    /** The IANA zone dates are shown in (shared/format.ts), e.g. 'Asia/Singapore'. */
    displayTimeZone: e.DISPLAY_TIME_ZONE,
    postExpiryDays: e.POST_EXPIRY_DAYS,
    webDist: path.resolve(e.WEB_DIST),
    /** Sliding lifetime: a session unused this long ends. */
    sessionDays: e.SESSION_DAYS,
    /** Absolute lifetime: however active, a session ends this long after sign-in. */
    sessionMaxDays: Math.max(e.SESSION_MAX_DAYS, e.SESSION_DAYS),
    /** `__Host-` pins the cookie to this host over https (no Domain, Path=/, Secure): not settable by a subdomain. */
    sessionCookie: publicUrl.protocol === 'https:' ? '__Host-sid' : 'sid',
    // PostgreSQL server only (PGlite runs in this process and cannot be waited on).
    database: {
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    },
    /** How long a public feed or comments page is served from memory (0: never). */
    feedCacheMs: e.FEED_CACHE_MS,
    /** How long a GET may use a session looked up earlier (0: every request looks it up). */
    sessionCacheMs: e.SESSION_CACHE_MS,
    /** An upload that sends nothing for this long is closed (408) and its temp files removed. */
    uploadIdleMs: e.UPLOAD_IDLE_SECONDS * 1000,
    rateLimits: {
      windowMs: e.RATE_WINDOW_MINUTES * 60_000,
      loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
      loginFailuresPerAccountAllIps: e.LOGIN_FAILURES_PER_ACCOUNT_ALL_IPS,
      loginAttemptsPerIp: scaled(e.LOGIN_ATTEMPTS_PER_IP),
      signupsPerIpPerHour: scaled(e.SIGNUPS_PER_IP),
    },
    /** Per-user write limits (per address for visitors): `{ max, timeWindow }` in ms. */
    writeLimits: {
      createPost: perHour(e.POSTS_PER_HOUR),
      changePost: perHour(e.POST_CHANGES_PER_HOUR),
      createComment: perHour(e.COMMENTS_PER_HOUR),
      changeComment: perHour(e.COMMENT_CHANGES_PER_HOUR),
      like: perHour(e.LIKES_PER_HOUR),
      favourite: perHour(e.FAVOURITES_PER_HOUR),
      updateProfile: perHour(e.PROFILE_UPDATES_PER_HOUR),
      upload: { max: scaled(e.UPLOADS_PER_15_MINUTES), timeWindow: 15 * 60_000 },
      report: perHour(e.REPORTS_PER_HOUR),
      moderate: perHour(e.MODERATION_ACTIONS_PER_HOUR),
    },
    /** Views per address per minute (anonymous and cheap to send). */
    viewLimit: { max: scaled(e.VIEWS_PER_MINUTE), timeWindow: 60_000 },
    /** New anonymous visitor ids one address is issued per hour (each may count as a unique viewer). */
    newVisitorsPerAddressPerHour: scaled(e.NEW_VISITORS_PER_ADDRESS_PER_HOUR),
    cookieSecret: e.COOKIE_SECRET,
    trust: {
      reportHideWeight: e.REPORT_HIDE_WEIGHT,
      /** Reports from accounts younger than this weigh 0 toward hiding (they still reach the queue). */
      reportMinAccountMs: e.REPORT_MIN_ACCOUNT_HOURS * HOUR_MS,
      /** After a moderator's restore, reports cannot hide the target for this long. */
      restoredImmunityMs: e.RESTORED_IMMUNITY_DAYS * 24 * HOUR_MS,
      moderatorEmails: new Set(e.MODERATOR_EMAILS),
      /** A new account's ceilings over its first 24 hours. */
      firstDay: {
        posts: scaled(e.NEW_ACCOUNT_POSTS_PER_DAY),
        comments: scaled(e.NEW_ACCOUNT_COMMENTS_PER_DAY),
      },
      copyPasteAccounts: e.COPY_PASTE_ACCOUNTS,
    },
    mail: {
      /** nodemailer's URL form; unset: each mail is written to `outboxDir` (decision 039). */
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    account: {
      /** Forgot-password requests per address. */
      resetRequests: perHour(e.PASSWORD_RESET_REQUESTS_PER_HOUR),
      /** Reset mails per account (counted per address asked for, so a 429 tells nothing). */
      resetMailsPerAccount: { max: e.PASSWORD_RESET_MAILS_PER_HOUR, windowMs: HOUR_MS },
      verificationMails: perHour(e.VERIFICATION_MAILS_PER_HOUR),
      exports: perHour(e.ACCOUNT_EXPORTS_PER_HOUR),
    },
    conversations: {
      messages: perHour(e.MESSAGES_PER_HOUR),
      /**
       * Requests to the two sending calls and to read, per user and call: a flood guard in front of the
       * transaction (twice the message limit, which the service counts; a thread read on each message).
       */
      sendRequests: perHour(2 * e.MESSAGES_PER_HOUR),
      readRequests: perHour(10 * e.MESSAGES_PER_HOUR),
      /** New conversations a day: per account, and per account younger than 7 days. */
      perDay: scaled(e.CONVERSATIONS_PER_DAY),
      newAccountPerDay: scaled(e.NEW_ACCOUNT_CONVERSATIONS_PER_DAY),
    },
    live: { pollMs: e.LIVE_POLL_MS },
    notifications: {
      savedSearchCheckMs: e.SAVED_SEARCH_CHECK_SECONDS * 1000,
      awayMs: e.NOTIFY_AWAY_MINUTES * 60_000,
      mailEveryMs: e.NOTIFY_MAIL_MINUTES * 60_000,
      /** Writes to the notification calls per user (reading marks, settings, saved searches). */
      writes: perHour(600),
    },
    /** Where image files live: DATA_DIR/media or an S3-compatible bucket (decision 024). */
    storage: storageConfig(e),
    /** The base of image URLs when browsers load them from a CDN or bucket directly; unset, /media. */
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    timeouts: {
      idleMs: e.IDLE_TIMEOUT_SECONDS * 1000,
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
  };
}

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** For a non-AWS service (R2, B2, MinIO); unset, AWS's own endpoint for the region. */
  endpoint?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most local servers need it). */
  forcePathStyle: boolean;
  /** Bounds every call: connecting, waiting for an answer, and a body that stops arriving. */
  timeoutMs: number;
  /** Unset: the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

function storageConfig(e: z.infer<typeof envSchema>): { kind: 'disk' } | S3StorageConfig {
  if (e.STORAGE === 'disk' || !e.S3_BUCKET || !e.S3_REGION) return { kind: 'disk' };
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    timeoutMs: e.S3_TIMEOUT_MS,
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** What the browser may see (served by GET /api/config). */
export function publicConfig(config: Config) {
  return { contactEmail: config.contactEmail, version: APP_VERSION, displayTimeZone: config.displayTimeZone };
}
