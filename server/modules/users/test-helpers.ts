// Calls of the users feature for its tests: JSON or form-encoded, with or without a session cookie.
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { TestApp } from '../../test/harness';
import { hashToken } from '../auth';

type Fields = Record<string, string | number>;

export function callUsers(t: TestApp, cookie: string | undefined) {
  const headers = cookie ? { cookie } : {};
  const post = (url: string, payload: Fields, form = false) =>
    form
      ? t.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString(),
        })
      : t.app.inject({ method: 'POST', url, headers, payload });
  return {
    changePassword: (payload: Fields) => post('/api/change-password', payload),
    checkPassword: (payload: Fields, form = true) => post('/api/current-user-password', payload, form),
    updatePassword: (payload: Fields, form = true) => post('/api/update-password', payload, form),
    verifyAuth: () => t.app.inject({ method: 'GET', url: '/api/verify-auth', headers }),
    login: (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } }),
  };
}

const tokenHashOf = (cookie: string) => hashToken(cookie.replace(/^sid=/, ''));

/** The session's password-verified time, straight from the database. */
export async function passwordVerifiedAt(t: TestApp, cookie: string) {
  const [row] = await t.database.db
    .select({ at: sessions.passwordVerifiedAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
  return row?.at;
}

export async function setPasswordVerifiedAt(t: TestApp, cookie: string, at: Date | null) {
  await t.database.db
    .update(sessions)
    .set({ passwordVerifiedAt: at })
    .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
}
