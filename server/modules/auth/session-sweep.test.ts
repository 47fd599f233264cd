// Expired sessions are deleted: at start and every 6 hours (the sliding expiry only hides them).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { hashToken } from './session-store';
import { sweepExpiredSessions } from './session-sweep';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ownDatabase: true });
});
afterAll(() => t.close());

const rowOf = (user: TestUser) => eq(sessions.tokenHash, hashToken(user.cookie.replace(/^sid=/, '')));
const exists = async (user: TestUser) =>
  (await t.database.db.select().from(sessions).where(rowOf(user))).length === 1;
const expire = (user: TestUser) =>
  t.database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(rowOf(user));

describe('expired sessions', () => {
  it('are deleted by the sweep, and live ones kept', async () => {
    const [expired, live] = [await createUser(t.app), await createUser(t.app)];
    await expire(expired);
    expect(await sweepExpiredSessions(t.database, t.app.log)).toBeGreaterThanOrEqual(1);
    expect(await exists(expired)).toBe(false);
    expect(await exists(live)).toBe(true);
  });

  it('are swept when the server starts', async () => {
    const user = await createUser(t.app);
    await expire(user);
    await t.restart();
    for (let i = 0; i < 100 && (await exists(user)); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await exists(user)).toBe(false);
  });
});
