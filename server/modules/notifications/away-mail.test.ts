// Mail for people who are away (issue 33) through a real SMTP server: nothing while they use the app,
// one mail once away (messages first, then notifications, each with its link), at most one an hour,
// only the kinds they keep on; every mail with RFC 8058 one-click unsubscribe, whose signed link turns
// those kinds off without signing in, and a tampered one is a 400 that changes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPost } from '../../test/post-factory';
import { startMailbox, type TestMailbox } from '../../test/smtp';
import { TestClock } from '../../test/test-clock';
import { mailWhatWasMissed } from './away-mail';

const PUBLIC_URL = 'https://market.example.co.zw';
const MINUTE = 60_000;
let t: TestApp;
let box: TestMailbox;
const clock = new TestClock(new Date('2026-11-28T08:00:00Z'));

beforeAll(async () => {
  box = await startMailbox();
  t = await createTestApp(
    {
      SMTP_URL: box.url,
      PUBLIC_URL,
      SIGNUPS_PER_IP: '100',
      NOTIFY_AWAY_MINUTES: '10',
      NOTIFY_MAIL_MINUTES: '60',
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

const api = (method: 'GET' | 'POST' | 'PUT', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload ? { payload } : {}),
  });
const run = () => mailWhatWasMissed(t.app.deps);
const header = (mail: { headerLines: readonly { key: string; line: string }[] }, key: string) =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '');

/** The person opens the app (a signed-in request marks them active; the mark is written after it). */
async function openApp(user: TestUser) {
  await api('GET', '/api/me/unread', user);
  for (let i = 0; i < 50; i++) {
    const [row] = await t.database.db
      .select({ at: users.lastActiveAt })
      .from(users)
      .where(eq(users.id, user.id));
    if (row?.at?.getTime() === clock.now().getTime()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the activity mark was not written');
}
/** Mails about what was missed (not the sign-up's address confirmation). */
const missed = (user: TestUser) =>
  box.to(user.email).filter((m) => !m.subject?.includes('confirm your email'));

async function seller() {
  const owner = await createUser(t.app, { name: 'Chipo Seller' });
  // Only a confirmed address gets this mail (else anyone could sign up with a stranger's).
  await t.database.db.update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.id, owner.id));
  const post = await insertPost(t, owner.id, { name: 'Hisense fridge 300L' });
  await openApp(owner);
  return { owner, post };
}

describe('the mail of what a person missed', () => {
  it('waits while they use the app, then sends one mail, messages first, with one-click unsubscribe', async () => {
    const { owner, post } = await seller();
    const buyer = await createUser(t.app, { name: 'Rudo Chikore' });
    await api('POST', '/api/comments', buyer, { postId: post.id, content: 'Is it still available?' });
    await api('POST', '/api/conversations', buyer, { postId: post.id, message: 'Can I see it today?' });
    await api('POST', `/api/likes/toggle/${post.id}`, buyer);
    expect(await run()).toBe(0); // the owner used the app just now
    clock.advance(11 * MINUTE);
    expect(await run()).toBe(1);
    const mail = await box.waitFor((m) => missed(owner).includes(m));
    expect(mail.subject).toBe('Zim Marketplace: 3 things happened while you were away');
    const text = mail.text ?? '';
    const lines = text.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual([
      '- Rudo Chikore sent you a message about "Hisense fridge 300L"',
      '- Rudo Chikore liked "Hisense fridge 300L"',
      '- Rudo Chikore commented on "Hisense fridge 300L"',
    ]);
    expect(text).toContain(`${PUBLIC_URL}/messages/`);
    expect(text).toContain(`${PUBLIC_URL}/posts/${post.id}`);
    expect(text).toContain(`${PUBLIC_URL}/settings/notifications`);
    expect(mail.html).toContain('Rudo Chikore commented on &quot;Hisense fridge 300L&quot;');
    const unsubscribe = header(mail, 'list-unsubscribe') ?? '';
    expect(unsubscribe).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/notification-settings/unsubscribe\\?token=[^>]+>$`),
    );
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Nothing again until something new happens.
    clock.advance(61 * MINUTE);
    expect(await run()).toBe(0);
  });

  it('sends at most one mail every NOTIFY_MAIL_MINUTES, each with only what is new', async () => {
    const { owner, post } = await seller();
    const buyer = await createUser(t.app, { name: 'Tendai Moyo' });
    clock.advance(11 * MINUTE);
    await api('POST', '/api/comments', buyer, { postId: post.id, content: 'First question' });
    expect(await run()).toBe(1);
    clock.advance(5 * MINUTE);
    await api('POST', '/api/comments', buyer, { postId: post.id, content: 'Second question' });
    expect(await run()).toBe(0);
    clock.advance(56 * MINUTE);
    expect(await run()).toBe(1);
    await box.waitFor(() => missed(owner).length === 2);
    const [first, second] = missed(owner);
    expect(first?.subject).toBe('Zim Marketplace: Tendai Moyo commented on "Hisense fridge 300L"');
    expect(second?.subject).toBe('Zim Marketplace: Tendai Moyo commented on "Hisense fridge 300L"');
    expect(second?.text?.match(/^- /gm)).toHaveLength(1);
  });

  it('leaves out the kinds turned off, and read notifications', async () => {
    const { owner, post } = await seller();
    const settings = await api('PUT', '/api/notification-settings', owner, { email: { comments: false } });
    expect(settings.json()).toEqual({
      email: { messages: true, comments: false, savedSearches: true, listings: true, moderation: true },
    });
    expect((await api('GET', '/api/notification-settings', owner)).json()).toEqual(settings.json());
    const buyer = await createUser(t.app, { name: 'Quiet Buyer' });
    await api('POST', '/api/comments', buyer, { postId: post.id, content: 'Any offers?' });
    clock.advance(11 * MINUTE);
    expect(await run()).toBe(0);
    await api('PUT', '/api/notification-settings', owner, { email: { comments: true } });
    await api('POST', '/api/comments', buyer, { postId: post.id, content: 'Still there?' });
    await api('POST', '/api/notifications/read', owner);
    clock.advance(11 * MINUTE);
    expect(await run()).toBe(0);
    expect(missed(owner)).toEqual([]);
  });
});

describe('who is never mailed', () => {
  it('an unconfirmed address, whatever waits for it', async () => {
    const owner = await createUser(t.app, { name: 'Unconfirmed Owner' });
    const post = await insertPost(t, owner.id, { name: 'Kitchen table' });
    const buyer = await createUser(t.app, { name: 'Curious Buyer' });
    await api('POST', '/api/comments', buyer, { postId: post.id, content: 'Does it fold?' });
    clock.advance(11 * MINUTE);
    expect(await run()).toBe(0);
  });
});

describe('POST /api/notification-settings/unsubscribe', () => {
  it('turns off the kinds the mail held, without signing in; a tampered link is a 400', async () => {
    const { owner, post } = await seller();
    const buyer = await createUser(t.app, { name: 'Farai Ncube' });
    await api('POST', '/api/comments', buyer, { postId: post.id, content: 'Price?' });
    await api('POST', '/api/conversations', buyer, { postId: post.id, message: 'Hello' });
    clock.advance(11 * MINUTE);
    expect(await run()).toBe(1);
    const mail = await box.waitFor((m) => missed(owner).includes(m));
    const url = new URL((header(mail, 'list-unsubscribe') ?? '').slice(1, -1));
    const token = url.searchParams.get('token') ?? '';
    const tampered = [
      token.replace(/^\d+/, String(buyer.id)),
      token.replace('messages', 'listings'),
      `${token.slice(0, -2)}xx`,
      'nonsense',
    ];
    for (const bad of tampered) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notification-settings/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await api('GET', '/api/notification-settings', owner)).json().email).toMatchObject({
      messages: true,
      comments: true,
    });
    // What a mail client sends (RFC 8058): a POST of 'List-Unsubscribe=One-Click' to the link, no cookie.
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await api('GET', '/api/notification-settings', owner)).json().email).toEqual({
      messages: false,
      comments: false,
      savedSearches: true,
      listings: true,
      moderation: true,
    });
  });
});
