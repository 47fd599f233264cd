// One access line per request (decision 042): its fields, nothing secret in it, and the sampling of
// successful reads that never drops an error, another status or a write.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { AccessLog } from './access-log';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  path?: string;
  status?: number;
  ms?: number;
}

const accessLines = (logs: string[], from = 0) =>
  logs
    .slice(from)
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.msg === 'request');

describe('the access line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is one line per request with method, route pattern, status, time and request id', async () => {
    const user = await createUser(t.app);
    const from = t.logs.length;
    const res = await t.app.inject({
      url: '/api/posts?search=secretword&token=abc123secret',
      headers: { cookie: user.cookie, authorization: 'Bearer not-logged-0123' },
    });
    expect(res.statusCode).toBe(200);
    const logged = t.logs.slice(from).join('\n');
    const lines = accessLines(t.logs, from);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', route: '/api/posts', status: 200 });
    expect(lines[0]?.reqId).toMatch(/^req-/);
    expect(lines[0]?.ms).toBeTypeOf('number');
    expect(logged).not.toMatch(/incoming request|request completed/);
    for (const secret of ['secretword', 'abc123secret', user.cookie.slice(4), 'not-logged-0123', 'cookie'])
      expect(logged).not.toContain(secret);
  });

  it('names the route pattern of a path with parameters, and the path of an unmatched one without its query', async () => {
    const from = t.logs.length;
    await t.app.inject('/api/posts/424242');
    await t.app.inject('/api/nothing-here?token=zzsecret');
    const [post, unknown] = accessLines(t.logs, from);
    expect(post).toMatchObject({ route: '/api/posts/:postId', status: 404 });
    expect(JSON.stringify(post)).not.toContain('424242');
    expect(unknown).toMatchObject({ route: 'unmatched', path: '/api/nothing-here', status: 404 });
    expect(t.logs.slice(from).join('')).not.toContain('zzsecret');
  });
});

describe('LOG_SAMPLE_2XX_READS', () => {
  it('at 0 drops successful reads but keeps 4xx answers and writes', async () => {
    const t = await createTestApp({ LOG_SAMPLE_2XX_READS: '0' });
    try {
      const from = t.logs.length;
      expect((await t.app.inject('/api/first-payload')).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
      expect((await t.app.inject('/api/posts/31337')).statusCode).toBe(404);
      expect((await t.app.inject('/api/verify-auth')).statusCode).toBe(200);
      const write = await t.app.inject({ method: 'POST', url: '/api/logout' });
      const signup = await t.app.inject({ method: 'POST', url: '/api/signup', payload: {} });
      expect(signup.statusCode).toBe(400);
      const lines = accessLines(t.logs, from);
      expect(lines.map((l) => [l.method, l.route, l.status])).toEqual([
        ['GET', '/api/posts/:postId', 404],
        ['POST', '/api/logout', write.statusCode],
        ['POST', '/api/signup', 400],
      ]);
    } finally {
      await t.close();
    }
  });

  it('never drops a 5xx, whatever the sample', async () => {
    const logs: string[] = [];
    // A bare server with the app's access log and a route that fails: the real app has no route that
    // answers 500 on demand.
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
      logController: new AccessLog(0, () => 0.999),
    });
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    app.get('/unavailable', async (_request, reply) => reply.status(503).send({ message: 'later' }));
    app.get('/fine', async () => ({ ok: true }));
    try {
      for (const url of ['/boom', '/unavailable', '/fine', '/boom']) await app.inject(url);
      expect(accessLines(logs).map((l) => [l.route, l.status])).toEqual([
        ['/boom', 500],
        ['/unavailable', 503],
        ['/boom', 500],
      ]);
    } finally {
      await app.close();
    }
  });

  it('keeps about the share asked for', async () => {
    const logs: string[] = [];
    let n = 0;
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
      // A sequence that covers [0, 1) evenly: exactly a tenth falls under 0.1.
      logController: new AccessLog(0.1, () => (n++ % 100) / 100),
    });
    app.get('/fine', async () => ({ ok: true }));
    try {
      for (let i = 0; i < 100; i++) await app.inject('/fine');
      expect(accessLines(logs)).toHaveLength(10);
    } finally {
      await app.close();
    }
  });
});
