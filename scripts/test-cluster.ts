import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { jpeg } from '../server/modules/images/test-images';
import { multipart } from '../server/test/multipart';
import type { ImageDto } from '../shared/api-types';
import { check, expect, results } from './cluster/checks';
import {
  cleanUp,
  cleanups,
  clientFrom,
  clients,
  fromBoth,
  instanceOf,
  label,
  skipReason,
  sleep,
  stack,
  startStack,
} from './cluster/deployment';
import { failoverChecks } from './cluster/failover-checks';
import { liveChecks } from './cluster/live-checks';
import { createPost, signUpAndIn } from './cluster/members';

// ---- the checks ----------------------------------------------------------------------------------

async function checks() {
  const visitor = clientFrom(2);

  await check(
    'plain HTTP serves the ACME challenge and redirects the rest to the HTTPS public URL',
    async () => {
      const res = await fetch(`http://127.0.0.1:${stack.httpPort}/home?x=1`, { redirect: 'manual' });
      const location = res.headers.get('location');
      expect(res.status === 301, `status ${res.status}`);
      expect(location === `https://localhost:${new URL(stack.base).port}/home?x=1`, `location ${location}`);
      // What certbot --webroot writes, and the certificate authority then fetches over plain HTTP.
      const token = randomBytes(8).toString('hex');
      const challenges = path.join(stack.dir, 'acme', '.well-known', 'acme-challenge');
      mkdirSync(challenges, { recursive: true });
      writeFileSync(path.join(challenges, token), `${token}.key`);
      const acme = await fetch(`http://127.0.0.1:${stack.httpPort}/.well-known/acme-challenge/${token}`);
      const body = await acme.text();
      expect(
        acme.status === 200 && body === `${token}.key`,
        `ACME challenge: ${acme.status} ${body.slice(0, 80)}`,
      );
      return `301 to ${location}; /.well-known/acme-challenge/${token}: 200 from the webroot`;
    },
  );

  await check("HTTPS through nginx: the app's security headers and compression pass through", async () => {
    // The OpenAPI document: an API answer well over @fastify/compress's 1 KB threshold.
    const res = await visitor.request('GET', '/api/docs/json', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.status === 200, `GET /api/docs/json answered ${res.status}`);
    expect(res.headers['content-encoding'] === 'br', `content-encoding ${res.headers['content-encoding']}`);
    expect(res.headers['strict-transport-security'], 'no Strict-Transport-Security (PUBLIC_URL https)');
    expect(res.requestId, 'no X-Request-Id from nginx');
    let web = 'web app not built (npm run build): static files not checked';
    if (stack.webBuilt) {
      const page = await visitor.request('GET', '/', { headers: { 'accept-encoding': 'br, gzip' } });
      const html = (
        page.headers['content-encoding'] === 'br' ? brotliDecompressSync(page.body) : page.body
      ).toString();
      const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
      expect(asset, `no script in the page (status ${page.status})`);
      const file = await visitor.request('GET', asset, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(
        file.status === 200 && file.headers['content-encoding'] === 'br',
        `${asset}: ${file.status} ${file.headers['content-encoding']}`,
      );
      expect(
        String(file.headers['cache-control']).includes('immutable'),
        `cache-control ${file.headers['cache-control']}`,
      );
      web = `${asset}: brotli from the build, ${file.headers['cache-control']}`;
    }
    return `GET /api/docs/json: br, HSTS '${res.headers['strict-transport-security']}'; ${web}`;
  });

  await check('a session made on one instance works on the other', async () => {
    const member = await signUpAndIn(visitor, 'session');
    const loggedInAt = await instanceOf(member.loginReply);
    const answers = await fromBoth(() =>
      visitor.request('GET', '/api/verify-auth', { headers: { cookie: member.cookie } }),
    );
    for (const { reply, at } of answers) {
      const body = reply.json<{ isAuthenticated: boolean; user: { id: number } | null }>();
      expect(
        reply.status === 200 && body.isAuthenticated && body.user?.id === member.id,
        `${label(at)}: ${reply.status} ${reply.body}`,
      );
    }
    return `signed in at ${label(loggedInAt)} (${member.cookie.split('=')[0]}); /api/verify-auth signed in at ${answers.map((a) => label(a.at)).join(', ')}`;
  });

  await check(
    '10 wrong passwords spread over both instances lock the account on both, for that client address only',
    async () => {
      const guesser = clientFrom(3);
      const member = await signUpAndIn(visitor, 'lockout');
      const spread = new Map<string, number>();
      for (let i = 0; i < 10; i++) {
        const res = await guesser.request('POST', '/api/login', {
          json: { email: member.email, password: `wrong guess ${i}` },
        });
        expect(res.status === 401, `wrong password ${i + 1} answered ${res.status}`);
        const at = label(await instanceOf(res));
        spread.set(at, (spread.get(at) ?? 0) + 1);
      }
      expect(spread.size === 2, `the guesses all went to ${[...spread.keys()]}`);
      const locked = await fromBoth(() =>
        guesser.request('POST', '/api/login', { json: { email: member.email, password: member.password } }),
      );
      for (const { reply, at } of locked)
        expect(
          reply.status === 429,
          `the right password at ${label(at)} after 10 failures answered ${reply.status}`,
        );
      // The lock counts the client's address (X-Forwarded-For from nginx, TRUST_PROXY), not nginx's.
      const other = clientFrom(4);
      const elsewhere = await other.request('POST', '/api/login', {
        json: { email: member.email, password: member.password },
      });
      expect(
        elsewhere.status === 200,
        `the right password from another address answered ${elsewhere.status}`,
      );
      return `wrong passwords from 127.0.0.3: ${[...spread].map(([k, v]) => `${v} at ${k}`).join(', ')}; then the right one: 429 at ${locked.map((l) => label(l.at)).join(' and ')}; from 127.0.0.4: 200`;
    },
  );

  await check('an image uploaded through one instance is served through the other', async () => {
    const owner = await signUpAndIn(visitor, 'images');
    const postId = await createPost(visitor, owner, 'Hisense fridge with photo', false);
    const form = multipart([
      { name: 'postId', value: String(postId) },
      { name: 'type', value: 'product' },
      { name: 'images', filename: 'fridge.jpg', data: await jpeg(800, 600), contentType: 'image/jpeg' },
    ]);
    const upload = await visitor.request('POST', '/api/files/upload', {
      headers: { ...form.headers, cookie: owner.cookie },
      body: form.payload,
    });
    expect(upload.status === 201, `upload answered ${upload.status}: ${upload.body}`);
    const uploadedAt = await instanceOf(upload);
    const image = upload.json<{ images: ImageDto[] }>().images[0] as ImageDto;
    const published = await visitor.request('PUT', '/api/publish-post', {
      headers: { cookie: owner.cookie },
      json: { id: postId, type: 'product' },
    });
    expect(published.status === 200, `publish answered ${published.status}`);
    const served = await fromBoth(() => visitor.request('GET', image.url));
    const first = served[0]?.reply.body as Buffer;
    for (const { reply, at } of served) {
      expect(
        reply.status === 200 && reply.headers['content-type'] === 'image/webp',
        `${label(at)}: ${reply.status} ${reply.headers['content-type']}`,
      );
      expect(reply.body.equals(first), `${label(at)} served other bytes`);
    }
    // The bytes live in the bucket, not on either instance's disk.
    const key = image.url.replace(/^\/media\//, '');
    const inBucket = await fetch(`${stack.s3.bucketUrl}/${key}`);
    expect(inBucket.status === 200, `the bucket answered ${inBucket.status} for ${key}`);
    expect(Buffer.from(await inBucket.arrayBuffer()).equals(first), 'the bucket holds other bytes');
    return `uploaded at ${label(uploadedAt)} to the bucket (${key}); ${first.length} bytes of WebP from ${served.map((s) => label(s.at)).join(' and ')}`;
  });

  await check(
    "a post published through one instance shows in the other's /api/first-payload within a second",
    async () => {
      const owner = await signUpAndIn(visitor, 'publish');
      const name = `Kombi spare wheel ${randomBytes(3).toString('hex')}`;
      const postId = await createPost(visitor, owner, name, false);
      // Both instances hold the landing feed in their one-second cache before the publish.
      await fromBoth(() => visitor.request('GET', '/api/first-payload'));
      const published = await visitor.request('PUT', '/api/publish-post', {
        headers: { cookie: owner.cookie },
        json: { id: postId, type: 'product' },
      });
      expect(published.status === 200, `publish answered ${published.status}`);
      const ackAt = Date.now();
      const publishedAt = await instanceOf(published);
      const seen: string[] = [];
      for (;;) {
        const res = await visitor.request('GET', '/api/first-payload');
        const at = await instanceOf(res);
        const shown = res.json<{ posts: Array<{ id: number }> }>().posts.some((p) => p.id === postId);
        seen.push(`${label(at)} +${res.sentAt - ackAt} ms ${shown ? 'shows it' : 'not yet'}`);
        if (at !== publishedAt && shown) {
          expect(
            res.sentAt - ackAt <= 1000,
            `first shown by the other instance to a request sent ${res.sentAt - ackAt} ms after the publish: ${seen.join('; ')}`,
          );
          return `published at ${label(publishedAt)}; first-payload: ${seen.join('; ')}`;
        }
        expect(
          res.sentAt - ackAt <= 1000,
          `not shown by the other instance within 1000 ms: ${seen.join('; ')}`,
        );
        await sleep(25);
      }
    },
  );
  await liveChecks(visitor);
  await failoverChecks(visitor);
}

// ---- main ----------------------------------------------------------------------------------------

async function main() {
  const reason = await skipReason();
  if (reason) {
    console.log(`test:cluster skipped: ${reason}`);
    return 0;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mkt-cluster-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const watchdog = setTimeout(() => {
    console.log('FAIL  the whole run took over 10 minutes');
    void cleanUp().finally(() => process.exit(1));
  }, 600_000);
  try {
    const started = Date.now();
    await startStack(dir);
    console.log(
      `2 instances (${stack.instances.map((i) => i.address).join(', ')}) on PostgreSQL, Redis and s3rver, behind nginx at ${stack.base} (ready in ${Date.now() - started} ms)\n`,
    );
    await checks();
  } catch (error) {
    results.push({
      name: 'the deployment starts',
      ok: false,
      detail: String((error as Error)?.stack ?? error),
    });
    console.log(`FAIL  the deployment starts\n      ${(error as Error)?.stack ?? error}`);
    const logs = stack?.instances.map((i) => i.server.output().slice(-2000)).join('\n---\n');
    if (logs) console.log(logs);
  } finally {
    for (const client of clients) client.close();
    await cleanUp();
    clearTimeout(watchdog);
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`\ntest:cluster: ${results.length - failed.length} passed, ${failed.length} failed`);
  for (const f of failed) console.log(`  failed: ${f.name}`);
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
