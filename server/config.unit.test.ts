import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it('locks an account per address at 10 failures and everywhere at 100 by default', () => {
    expect(loadConfig({}).rateLimits).toMatchObject({
      loginFailuresPerAccount: 10,
      loginFailuresPerAccountAllIps: 100,
      windowMs: 15 * 60_000,
    });
    expect(
      loadConfig({ LOGIN_FAILURES_PER_ACCOUNT_ALL_IPS: '40' }).rateLimits.loginFailuresPerAccountAllIps,
    ).toBe(40);
  });

  it('weighs reports from accounts of 24 hours, holds a restore 30 days; 0 hours is accepted', () => {
    expect(loadConfig({}).trust).toMatchObject({
      reportHideWeight: 5,
      reportMinAccountMs: 24 * 3_600_000,
      restoredImmunityMs: 30 * 86_400_000,
    });
    expect(loadConfig({ REPORT_MIN_ACCOUNT_HOURS: '0' }).trust.reportMinAccountMs).toBe(0);
    expect(() => loadConfig({ REPORT_MIN_ACCOUNT_HOURS: '-1' })).toThrow(ConfigError);
  });

  it('bounds database waits: 5 s per statement and 3 s for a connection by default, configurable', () => {
    expect(loadConfig({}).database).toEqual({ statementTimeoutMs: 5000, connectTimeoutMs: 3000 });
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '250', DB_CONNECT_TIMEOUT_MS: '100' }).database).toEqual({
      statementTimeoutMs: 250,
      connectTimeoutMs: 100,
    });
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    [' 10.0.0.0/8, 192.168.1.1 ,fd00::/8 ', ['10.0.0.0/8', '192.168.1.1', 'fd00::/8']],
    ['loopback', ['loopback']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['true', /forged X-Forwarded-For/],
    ['yes', /hop count/],
    ['10.0.0.0/33', /hop count/],
    ['10.0.0.1,,10.0.0.2', /hop count/],
    ['proxy.example', /hop count/],
  ])('refuses TRUST_PROXY=%j', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
  });

  it('shows dates in Asia/Singapore by default, or in the zone DISPLAY_TIME_ZONE names', () => {
    expect(loadConfig({}).displayTimeZone).toBe('Asia/Singapore');
    expect(loadConfig({ DISPLAY_TIME_ZONE: 'Africa/Harare' }).displayTimeZone).toBe('Africa/Harare');
    expect(loadConfig({ DISPLAY_TIME_ZONE: ' africa/harare ' }).displayTimeZone).toBe('Africa/Harare');
    expect(loadConfig({ DISPLAY_TIME_ZONE: 'UTC' }).displayTimeZone).toBe('UTC');
  });

  it.each(['Mars/Olympus', 'Harare', '', '+02:00', 'Africa/Harare"><script>'])(
    'refuses DISPLAY_TIME_ZONE=%j, naming it',
    (value) => {
      const load = () => loadConfig({ DISPLAY_TIME_ZONE: value });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/DISPLAY_TIME_ZONE: must be an IANA time zone name such as Asia\/Singapore/);
    },
  );

  it('turns on Secure cookies for an https public URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://market.example.co.zw/' });
    expect(config.publicUrl).toBe('https://market.example.co.zw');
    expect(config.secureCookies).toBe(true);
  });

  it('sets every server timeout: idle 60 s, headers 30 s, request 2 h, keep-alive 65 s by default', () => {
    expect(loadConfig({}).timeouts).toEqual({
      idleMs: 60_000,
      headersMs: 30_000,
      requestMs: 7_200_000,
      keepAliveMs: 65_000,
    });
    expect(loadConfig({ IDLE_TIMEOUT_SECONDS: '5' }).timeouts.idleMs).toBe(5000);
  });

  it('shares limits through Redis only when REDIS_URL is set (decision 023)', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379/2' }).redis).toEqual({
      url: 'redis://10.0.0.5:6379/2',
      prefix: 'marketplace:',
    });
  });

  it('runs one worker by default; more only on a PostgreSQL server', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/m' }).workers).toBe(4);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: more than 1 worker needs a PostgreSQL server \(DATABASE_URL\)/,
    );
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    const config = { HEADERS_TIMEOUT_SECONDS: '120', REQUEST_TIMEOUT_SECONDS: '60' };
    expect(() => loadConfig(config)).toThrow(/HEADERS_TIMEOUT_SECONDS/);
  });

  it.each([
    ['IDLE_TIMEOUT_SECONDS', '0'],
    ['REQUEST_TIMEOUT_SECONDS', 'never'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['CONTACT_EMAIL', 'nobody'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_DAYS', '0'],
    ['REDIS_URL', 'localhost:6379'],
    ['WEB_CONCURRENCY', '0'],
  ])('fails fast naming %s for %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('keeps images on the local disk and serves them at /media by default', () => {
    const config = loadConfig({});
    expect(config.storage).toEqual({ kind: 'disk' });
    expect(config.mediaPublicUrl).toBeUndefined();
  });

  it('reads an S3-compatible bucket, its endpoint and credentials (decision 024)', () => {
    const s3 = {
      STORAGE: 's3',
      S3_BUCKET: 'market-images',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'id',
      AWS_SECRET_ACCESS_KEY: 'secret',
      MEDIA_PUBLIC_URL: 'https://images.example.co.zw/',
    };
    const config = loadConfig(s3);
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'market-images',
      region: 'auto',
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      forcePathStyle: true,
      timeoutMs: 5000,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(config.mediaPublicUrl).toBe('https://images.example.co.zw');
    // No keys: the SDK's default chain (an instance role, ~/.aws) finds them; '' counts as unset.
    const onAws = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'b-1',
      S3_REGION: 'af-south-1',
      AWS_ACCESS_KEY_ID: '',
    });
    expect(onAws.storage).toMatchObject({
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it.each([
    [{ STORAGE: 'ftp' }, 'STORAGE'],
    [{ STORAGE: 's3', S3_REGION: 'us-east-1' }, 'S3_BUCKET: is required'],
    [{ STORAGE: 's3', S3_BUCKET: 'images' }, 'S3_REGION: is required'],
    [{ STORAGE: 's3', S3_BUCKET: 'Images_2', S3_REGION: 'us-east-1' }, 'S3_BUCKET'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_TIMEOUT_MS: '10' }, 'S3_TIMEOUT_MS'],
    [{ AWS_ACCESS_KEY_ID: 'id' }, 'AWS_SECRET_ACCESS_KEY: must be set'],
    [{ AWS_SECRET_ACCESS_KEY: 'secret' }, 'AWS_ACCESS_KEY_ID: must be set'],
    [{ MEDIA_PUBLIC_URL: 'images.example.co.zw' }, 'MEDIA_PUBLIC_URL'],
    [{ MEDIA_PUBLIC_URL: 'https://cdn.example.co.zw/m?v=1' }, 'MEDIA_PUBLIC_URL'],
  ])('refuses %j, naming %s', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
