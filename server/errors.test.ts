// What the one error handler logs: a database error's query parameters (password hashes, emails,
// comment text) never reach the logs, while the PostgreSQL code that explains the failure does.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../shared/messages';
import { users } from './db/schema';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
const secretEmail = 'leaky.secret@example.co.zw';
const secretHash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtdmFsdWU';

beforeAll(async () => {
  t = await createTestApp();
  // A route whose repo call fails in the database: the second insert violates the unique email.
  t.app.post('/test/duplicate-user', { config: { auth: 'optional' } }, async () => {
    const row = { name: 'Leaky', email: secretEmail, phoneNumber: '', passwordHash: secretHash };
    await t.database.db.insert(users).values(row);
    await t.database.db.insert(users).values(row);
    return { ok: true };
  });
  t.app.post('/test/query', { config: { auth: 'optional' } }, async (request) => {
    await t.database.db.execute(pending.get(String(request.headers['x-query'])) as SQL);
    return { ok: true };
  });
});

// Queries for the test route, by name: each sends the client's value as a bound parameter.
const pending = new Map<string, SQL>();
function runQuery(query: SQL) {
  const name = String(pending.size);
  pending.set(name, query);
  return t.app.inject({ method: 'POST', url: '/test/query', headers: { 'x-query': name } });
}
afterAll(() => t.close());

describe('logged database errors', () => {
  it('keep the PostgreSQL code and leave out the query parameters', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/duplicate-user' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(secretEmail);
    const logged = t.logs.filter((line) => line.includes('unhandled error'));
    expect(logged).toHaveLength(1);
    const entry = JSON.parse(logged[0] ?? '{}');
    expect(entry.err.message).toMatch(/Failed query: insert into "users"/);
    expect(JSON.stringify(entry)).toContain('"code":"23505"');
    const all = t.logs.join('\n');
    expect(all).not.toContain(secretEmail);
    expect(all).not.toContain(secretHash);
    expect(all).not.toContain('c2VjcmV0');
  });
});

describe('input PostgreSQL refuses', () => {
  it.each([
    ['a NUL in text (22021)', sql`select ${'a\u0000b'}::text`],
    ['text that is not a number (22P02)', sql`select ${'abc'}::int`],
    ['a date that does not exist (22008)', sql`select ${'2024-02-30'}::date`],
    ['text that is not a date (22007)', sql`select ${'someday'}::date`],
  ])('answers 400, not 500: %s', async (_name, query) => {
    const res = await runQuery(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.errors.invalidInput });
  });
});

describe('addresses the router cannot read', () => {
  // Found by the fuzz (server/fuzz): these failed before routing and got Fastify's own body.
  it.each([
    ['bad percent-encoding', '/api/posts/%E8%B4%82%ED%A5%98', 400],
    ['a lone surrogate, encoded', '/posts/%ED%A0%80', 400],
    ['a parameter over the router limit', `/api/likes/count/${'1'.repeat(101)}`, 414],
  ])('answer the error body: %s', async (_name, url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: MSG.errors.badAddress });
  });
});
