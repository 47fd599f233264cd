// Confirmed addresses (issue 31) through a real SMTP server: sign-up mails a link, the link confirms
// the address once, a resend voids the older link, and a changed address is unconfirmed until its own
// link is opened, while the old address is told.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { startMailbox, type TestMailbox, tokenIn } from '../../test/smtp';
import { TestClock } from '../../test/test-clock';

const PUBLIC_URL = 'https://market.example.co.zw';
let t: TestApp;
let box: TestMailbox;
const clock = new TestClock();

beforeAll(async () => {
  box = await startMailbox();
  t = await createTestApp({ SMTP_URL: box.url, PUBLIC_URL, SIGNUPS_PER_IP: '100' }, { clock });
});
afterAll(async () => {
  await t.close();
  await box.stop();
});
afterEach(() => {
  box.received.length = 0;
});

const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/email-verification/confirm', payload: { token } });
const resend = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/email-verification/resend', headers: { cookie } });
const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/verify-auth', headers: { cookie } })).json().user;
const mailTo = (address: string, subject: string) =>
  box.waitFor((mail) => mail.subject?.includes(subject) === true && box.to(address).includes(mail));
const confirmation = (address: string) => mailTo(address, 'confirm your email address');

describe('a new account', () => {
  it('gets a link to PUBLIC_URL/verify-email and is unconfirmed until it is opened, once', async () => {
    const user = await createUser(t.app);
    const mail = await confirmation(user.email);
    const link = new URL(mail.text?.match(/https:\S+/)?.[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/verify-email`);
    expect(mail.html).toContain('Zim Marketplace');
    expect((await me(user.cookie)).emailVerified).toBe(false);

    const res = await confirm(tokenIn(mail));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.verification.confirmed, emailVerified: true });
    expect((await me(user.cookie)).emailVerified).toBe(true);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/fetch-user',
      headers: { cookie: user.cookie },
    });
    expect(profile.json().emailVerified).toBe(true);

    const again = await confirm(tokenIn(mail));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.recovery.badLink);
  });

  it('can ask for a new link (the older one stops working), and not once confirmed', async () => {
    const user = await createUser(t.app);
    const first = tokenIn(await confirmation(user.email));
    box.received.length = 0;
    const res = await resend(user.cookie);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(MSG.verification.resent(user.email));
    const second = tokenIn(await confirmation(user.email));
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).statusCode).toBe(200);
    const done = await resend(user.cookie);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(MSG.verification.alreadyVerified);
  });

  it('refuses a resend to a visitor, and a link after 24 hours', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/email-verification/resend' })).statusCode).toBe(
      401,
    );
    const user = await createUser(t.app);
    const token = tokenIn(await confirmation(user.email));
    clock.advance(25 * 60 * 60_000);
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await me(user.cookie)).emailVerified).toBe(false);
  });
});

describe('changing the email address', () => {
  it('mails the new address a link and the old one a notice; unconfirmed until the new link is opened', async () => {
    const user = await createUser(t.app);
    const oldLink = tokenIn(await confirmation(user.email));
    box.received.length = 0;
    const newEmail = `new.${user.email}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/update-user',
      headers: { cookie: user.cookie },
      payload: {
        name: user.name,
        email: newEmail,
        phoneNumber: user.phoneNumber,
        currentPassword: user.password,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().emailVerified).toBe(false);

    const notice = await mailTo(user.email, 'your email address was changed');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/https?:\/\/\S+token=/); // a notice, with no link to act on
    // The old address's link does not confirm the new address.
    expect((await confirm(oldLink)).statusCode).toBe(400);
    const newLink = tokenIn(await confirmation(newEmail));
    expect((await confirm(newLink)).statusCode).toBe(200);
    expect((await me(user.cookie)).emailVerified).toBe(true);
  });
});
