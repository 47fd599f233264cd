// The outbox and its delivery (issue 31, decision 039) against a real SMTP server that goes down, comes
// back, is slow or refuses an address, and the default with no mail server: .eml files and a log line.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { startMailbox, type TestMailbox } from '../../test/smtp';
import { TestClock } from '../../test/test-clock';
import { RESET_REQUEST_ANSWER_MS } from '../auth/routes';

const requestReset = (t: TestApp, email: string, ip = '203.0.113.9') =>
  t.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email }, remoteAddress: ip });

const until = async (check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('an SMTP server that is down, then up', () => {
  let box: TestMailbox;
  let t: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    box = await startMailbox();
    await box.stop(); // the port the app is told about refuses connections for now
    t = await createTestApp({ SMTP_URL: box.url, SIGNUPS_PER_IP: '100' }, { clock });
  });
  afterAll(async () => {
    await t.close();
    await box.stop();
  });

  it('never slows or fails the request; the mail goes once the server answers, one copy', async () => {
    const user = await createUser(t.app);
    const started = performance.now();
    const res = await requestReset(t, user.email);
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(202);
    // The floor every reset request waits, and no more: the send happens elsewhere.
    expect(ms).toBeLessThan(RESET_REQUEST_ANSWER_MS + 1000);

    // The job tried, failed, and put the mails off (the server refused the connection).
    const rows = () => t.database.db.select().from(mailOutbox);
    await until(
      async () => (await rows()).every((row) => row.attempts >= 1 && row.lastError),
      'a failed attempt',
    );
    for (const row of await rows()) {
      expect(row.sentAt).toBeNull();
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());
    }

    await box.start();
    clock.advance(2 * 60 * 60_000); // past the backoff: the next poll sends
    await box.waitFor((mail) => mail.subject?.includes('choose a new password') === true, 15_000);
    await box.waitFor((mail) => mail.subject?.includes('confirm your email') === true, 15_000);
    await until(async () => (await rows()).every((row) => row.sentAt !== null), 'both rows marked sent');
    await new Promise((r) => setTimeout(r, 2500)); // another poll or two: nothing is sent again
    expect(box.to(user.email)).toHaveLength(2);
    // A sent mail's body (it held a one-time link) is not kept.
    for (const row of await rows())
      expect([row.textBody, row.htmlBody, row.link]).toEqual([null, null, null]);
  });
});

describe('a slow SMTP server, and one that refuses an address', () => {
  let box: TestMailbox;
  let t: TestApp;

  beforeAll(async () => {
    box = await startMailbox();
    t = await createTestApp({ SMTP_URL: box.url, SIGNUPS_PER_IP: '100' });
  });
  afterAll(async () => {
    await t.close();
    await box.stop();
  });

  it('answers requests in their usual time while the server takes seconds per mail', async () => {
    box.delayMs = 2000;
    const user = await createUser(t.app);
    const started = performance.now();
    expect((await requestReset(t, user.email)).statusCode).toBe(202);
    expect(performance.now() - started).toBeLessThan(RESET_REQUEST_ANSWER_MS + 1000);
    await box.waitFor((mail) => mail.subject?.includes('choose a new password') === true, 15_000);
    box.delayMs = 0;
  });

  it('marks a mail the server refuses for good as failed, and does not try it again', async () => {
    const user = await createUser(t.app, { email: 'gone@nowhere.invalid' });
    const row = async () =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)))[0];
    await until(async () => (await row())?.failedAt != null, 'the refusal');
    const failed = await row();
    expect(failed?.lastError).toContain('550');
    expect(failed?.sentAt).toBeNull();
    const attempts = failed?.attempts;
    await new Promise((r) => setTimeout(r, 2500));
    expect((await row())?.attempts).toBe(attempts);
  });

  it('takes 5 reset requests an hour from one client address, then 429', async () => {
    for (let i = 0; i < 5; i++)
      expect((await requestReset(t, `someone.${i}@example.co.zw`, '198.51.100.99')).statusCode).toBe(202);
    const limited = await requestReset(t, 'someone.else@example.co.zw', '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('no mail server configured (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  });
  afterAll(() => t.close());

  it('writes each mail as an .eml file in DATA_DIR/outbox and logs its subject and link', async () => {
    const user = await createUser(t.app);
    const dir = path.join(t.dataDir, 'outbox');
    await until(() => {
      try {
        return readdirSync(dir).some((file) => file.endsWith('-verify-email.eml'));
      } catch {
        return false;
      }
    }, 'the .eml file');
    const file = readdirSync(dir).find((name) => name.endsWith('-verify-email.eml')) ?? '';
    const raw = readFileSync(path.join(dir, file), 'utf8');
    expect(raw).toMatch(/^To: .*tendai\./im);
    expect(raw).toContain('Subject: Zim Marketplace: confirm your email address');
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    expect(user.email).toContain('tendai.');
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'mail written to the outbox folder');
    expect(line.subject).toBe('Zim Marketplace: confirm your email address');
    expect(line.link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
  });
});
