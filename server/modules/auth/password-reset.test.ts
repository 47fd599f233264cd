// Forgot password (issue 31) through a real SMTP server: the mail and its link, the link working once,
// the same answer for addresses with and without an account, expiry, sessions ended, the limits, and a
// suspended account staying suspended.
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { createUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { startMailbox, type TestMailbox, tokenIn } from '../../test/smtp';
import { TestClock } from '../../test/test-clock';
import { createModerator } from '../../test/trust-helpers';
import { RESET_REQUEST_ANSWER_MS } from './routes';

const PUBLIC_URL = 'https://market.example.co.zw';
let t: TestApp;
let box: TestMailbox;
const clock = new TestClock();

beforeAll(async () => {
  box = await startMailbox();
  t = await createTestApp(
    {
      SMTP_URL: box.url,
      PUBLIC_URL,
      MODERATOR_EMAILS: 'moderator@example.co.zw',
      SIGNUPS_PER_IP: '100',
      PASSWORD_RESET_REQUESTS_PER_HOUR: '1000',
    },
    { clock },
  );
});
afterAll(async () => {
  await t.close();
  await box.stop();
});
afterEach(() => {
  box.received.length = 0;
});

const request = (email: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email }, remoteAddress: ip });
const confirm = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, newPassword } });
const resetMailTo = (address: string) =>
  box.waitFor(
    (mail) => mail.subject?.includes('choose a new password') === true && box.to(address).includes(mail),
  );
const whoAmI = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/verify-auth', headers: { cookie } })).json()
    .isAuthenticated;

describe('POST /api/password-reset/request', () => {
  it('mails a link to PUBLIC_URL/reset-password with a 32-byte token, as text and HTML, naming the site', async () => {
    const user = await createUser(t.app);
    const res = await request(user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: MSG.recovery.requested });
    const mail = await resetMailTo(user.email);
    const link = new URL(mail.text?.match(/https:\S+/)?.[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    expect(tokenIn(mail)).toMatch(/^[A-Za-z0-9_-]{43}$/); // base64url of 32 bytes
    expect(mail.html).toContain(`${PUBLIC_URL}/reset-password?token=`);
    for (const part of [mail.text ?? '', String(mail.html)]) expect(part).toContain('Zim Marketplace');
    expect(mail.from?.text).toContain('no-reply@marketplace.co.zw');
    // Nothing that signs in beyond the link: no session cookie, no password, no hash.
    const raw = `${mail.text}${mail.html}`;
    expect(raw).not.toContain(user.cookie.split('=')[1]);
    expect(raw).not.toContain(user.password);
    expect(raw).not.toContain('$argon2');
  });

  it('answers the same status and body for an address without an account, and sends nothing', async () => {
    const known = await createUser(t.app);
    const a = await request(known.email);
    const b = await request('nobody.here@example.co.zw');
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    await resetMailTo(known.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(box.to('nobody.here@example.co.zw')).toEqual([]);
  });

  it('answers known and unknown addresses in the same band of time (no sooner than the floor)', async () => {
    const known = await createUser(t.app);
    const timed = async (email: string, ip: string) => {
      const started = performance.now();
      expect((await request(email, ip)).statusCode).toBe(202);
      return performance.now() - started;
    };
    const times = await Promise.all([
      ...[0, 1, 2].map((i) => timed(known.email, `198.51.100.${i}`)),
      ...[0, 1, 2].map((i) => timed(`nobody.${i}@example.co.zw`, `198.51.100.${10 + i}`)),
    ]);
    // Both wait out the same floor; the lookup and the mail's transaction fit well inside it.
    for (const ms of times) expect(ms).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS - 5);
  });

  it('voids the older link when a newer one is asked for', async () => {
    const user = await createUser(t.app);
    await request(user.email);
    const first = tokenIn(await resetMailTo(user.email));
    box.received.length = 0;
    await request(user.email);
    const second = tokenIn(await resetMailTo(user.email));
    expect((await confirm(first, 'a new password 1')).statusCode).toBe(400);
    expect((await confirm(second, 'a new password 2')).statusCode).toBe(200);
  });

  it('counts mails per address asked for, account or not: the fourth within the hour is a 429', async () => {
    const user = await createUser(t.app);
    for (const email of [user.email, 'never.registered@example.co.zw']) {
      const first = await Promise.all([request(email), request(email), request(email)]);
      expect(first.map((res) => res.statusCode)).toEqual([202, 202, 202]);
      const limited = await request(email);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

describe('POST /api/password-reset/confirm', () => {
  it('sets the password, ends every session, works once, and mails that the password changed', async () => {
    const user = await createUser(t.app);
    const otherDevice = await signIn(t.app, user.email, user.password);
    await request(user.email);
    const token = tokenIn(await resetMailTo(user.email));

    const res = await confirm(token, 'brand new password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.recovery.done });
    expect(await whoAmI(user.cookie)).toBe(false);
    expect(await whoAmI(otherDevice)).toBe(false);
    await signIn(t.app, user.email, 'brand new password');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
    const changed: ParsedMail = await box.waitFor(
      (mail) => mail.subject?.includes('password was changed') === true && box.to(user.email).includes(mail),
    );
    expect(changed.text).toContain('signed out');

    const again = await confirm(token, 'another password 9');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This link has expired or was already used. Please ask for a new one.');
  });

  it('refuses a link after 60 minutes', async () => {
    const user = await createUser(t.app);
    await request(user.email);
    const token = tokenIn(await resetMailTo(user.email));
    clock.advance(61 * 60_000);
    const res = await confirm(token, 'too late password');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.recovery.badLink);
    await signIn(t.app, user.email, user.password);
  });

  it('refuses an unknown or malformed token and a short password, with the rules of sign-up', async () => {
    for (const token of ['A'.repeat(43), 'not a token', '']) {
      const res = await confirm(token, 'long enough password');
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toBe(MSG.recovery.badLink);
    }
    const user = await createUser(t.app);
    await request(user.email);
    const token = tokenIn(await resetMailTo(user.email));
    const short = await confirm(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.newPassword).toBe(MSG.signup.passwordTooShort);
    // The link was not used up by the refused password.
    expect((await confirm(token, 'long enough now')).statusCode).toBe(200);
  });

  it("changes a suspended account's password, and signing in still says it is suspended", async () => {
    const moderator = await createModerator(t);
    const user = await createUser(t.app);
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/users/${user.id}/suspend`,
      headers: { cookie: moderator.cookie },
      payload: {},
    });
    expect(suspend.statusCode).toBe(200);
    await request(user.email);
    const token = tokenIn(await resetMailTo(user.email));
    expect((await confirm(token, 'suspended new password')).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'suspended new password' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MSG.moderation.suspended);
  });
});
