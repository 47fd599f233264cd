import path from 'node:path';
import pg from 'pg';
import { check, expect } from './checks';
import type { Client, Reply } from './client';
import { cleanups, clientFrom, instanceOf, label, PG_URL, run, sleep, stack, WRITERS } from './deployment';
import { listing, type Member, signUpAndIn } from './members';
import type { AccessLine, Instance } from './stack';

/** The checks that kill and restore; `visitor` is the run's signed-out client. */
export async function failoverChecks(visitor: Client) {
  await check(
    'SIGKILL of one instance under a stream of writes: no acknowledged write lost, the other keeps serving',
    async () => {
      const writers: Array<{ client: Client; member: Member }> = [];
      for (let w = 0; w < WRITERS; w++) {
        const client = clientFrom(10 + w);
        writers.push({ client, member: await signUpAndIn(client, `writer${w}`) });
      }
      // Posts to like: each writer likes each of its own pool once, so an acknowledged like is a row.
      const poolOwner = writers[0]?.member as Member;
      const pool = (
        await stack.db.query<{ id: number }>(
          `insert into posts (user_id, type, sell_or_buy, name, category, price, payment_methods, details, city, location, is_published, published_at)
         select $1, 'product', 'Sell', 'Pool item ' || n, 'Electronics', '10', 'Cash', 'For likes', 'Harare', 'Avondale', true, now()
         from generate_series(1, $2::int) n returning id`,
          [poolOwner.id, WRITERS * 500],
        )
      ).rows.map((r) => r.id);

      const statuses = new Map<string, number>();
      const createdIds: number[] = [];
      const likedPairs: Array<[number, number]> = [];
      let acknowledged = 0;
      let networkErrors = 0;
      let killedAt = 0;
      let acknowledgedAfterKill = 0;
      let writing = true;
      const count = (status: number) => statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
      const loop = async (w: number) => {
        const { client, member } = writers[w] as { client: Client; member: Member };
        const headers = { cookie: member.cookie };
        for (let n = 0; writing; n++) {
          try {
            if (n % 2 === 0) {
              const res = await client.request('POST', '/api/create-post', {
                headers,
                json: { ...listing(`Kill test w${w} n${n}`), userId: member.id },
              });
              count(res.status);
              if (res.status === 201) {
                createdIds.push(res.json<{ postId: number }>().postId);
                acknowledged++;
                if (killedAt && res.sentAt > killedAt) acknowledgedAfterKill++;
              }
            } else {
              const postId = pool[w * 500 + (n >> 1)] as number;
              const res = await client.request('POST', `/api/likes/toggle/${postId}`, { headers });
              count(res.status);
              if (res.status === 200 && res.json<{ isLiked: boolean }>().isLiked) {
                likedPairs.push([member.id, postId]);
                acknowledged++;
                if (killedAt && res.sentAt > killedAt) acknowledgedAfterKill++;
              }
            }
          } catch {
            networkErrors++;
            await sleep(50);
          }
        }
      };
      const running = writers.map((_, w) => loop(w));
      const waitFor = async (done: () => boolean, what: string) => {
        const deadline = Date.now() + 60_000;
        while (!done()) {
          expect(Date.now() < deadline, `timed out waiting for ${what}`);
          await sleep(20);
        }
      };
      const victim = stack.instances[1] as Instance;
      try {
        await waitFor(() => acknowledged >= 60, '60 acknowledged writes');
        killedAt = Date.now();
        victim.server.child.kill('SIGKILL');
        await victim.server.exited;
        await waitFor(() => acknowledgedAfterKill >= 60, '60 writes acknowledged after the kill');
      } finally {
        writing = false;
        await Promise.all(running);
      }

      const reads = [];
      for (let i = 0; i < 10; i++) reads.push(await visitor.request('GET', '/api/first-payload'));
      const readStatuses = reads.map((r) => r.status);
      const readsAt = new Set(await Promise.all(reads.map(instanceOf)));

      const storedPosts = new Set(
        (
          await stack.db.query<{ id: number }>('select id from posts where name like $1', ['Kill test %'])
        ).rows.map((r) => r.id),
      );
      const storedLikes = new Set(
        (await stack.db.query<{ k: string }>("select user_id || ':' || post_id as k from likes")).rows.map(
          (r) => r.k,
        ),
      );
      const missingPosts = createdIds.filter((id) => !storedPosts.has(id));
      const missingLikes = likedPairs.filter(([u, p]) => !storedLikes.has(`${u}:${p}`));
      const doneButUnacknowledged = storedPosts.size - createdIds.length;
      const afterKill = stack.nginx
        .accessLog()
        .filter((l) => l.upstreams.includes(victim.address) && l.upstreams.length === 2);
      const badStatuses = [...statuses.keys()].filter((s) => !['200', '201', '502'].includes(s));
      const summary =
        `${acknowledged} writes acknowledged (${createdIds.length} creates, ${likedPairs.length} likes; ${acknowledgedAfterKill} sent after the kill), ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}, network errors ${networkErrors}; ` +
        `missing: ${missingPosts.length} posts, ${missingLikes.length} likes; stored without a 2xx: ${doneButUnacknowledged} posts; ` +
        `${afterKill.length} requests nginx moved to instance A after a refused connect; ` +
        `10 reads after: ${readStatuses.join(',')} from ${[...readsAt].map(label).join(', ')}`;
      expect(
        missingPosts.length === 0 && missingLikes.length === 0,
        `acknowledged writes missing from the database: ${summary}`,
      );
      expect(networkErrors === 0, `nginx did not answer some requests: ${summary}`);
      expect(badStatuses.length === 0, `statuses other than 2xx and 502: ${summary}`);
      expect(
        (statuses.get('502') ?? 0) <= WRITERS,
        `more 502s than requests in flight at the kill: ${summary}`,
      );
      expect(
        readStatuses.every((s) => s === 200) && !readsAt.has(victim.address),
        `reads after the kill: ${summary}`,
      );
      return summary;
    },
  );

  await check(
    'after fail_timeout nginx tries the dead instance again: the refused connect goes to the other, POSTs included',
    async () => {
      const victim = stack.instances[1] as Instance;
      const member = await signUpAndIn(visitor, 'retry');
      // max_fails=1 fail_timeout=10s (the template): the dead instance gets no requests for 10 s.
      await sleep(10_500);
      // Then round-robin gives it a turn again, though not at once: its weight, cut by the failure,
      // comes back one pick at a time. Creates until one was tried there first (at most 8).
      const replies: Reply[] = [];
      const isMoved = (l: AccessLine) => l.upstreams.length === 2 && l.upstreams[0] === victim.address;
      const linesOf = () => {
        const ids = new Set(replies.map((r) => r.requestId));
        return stack.nginx.accessLog().filter((l) => ids.has(l.requestId));
      };
      for (let i = 0; i < 8 && !linesOf().some(isMoved); i++)
        replies.push(
          await visitor.request('POST', '/api/create-post', {
            headers: { cookie: member.cookie },
            json: { ...listing(`Retry test ${i}`), userId: member.id },
          }),
        );
      const lines = linesOf();
      const moved = lines.filter(isMoved);
      const stored = await stack.db.query('select id from posts where name like $1', ['Retry test %']);
      expect(
        replies.every((r) => r.status === 201),
        `statuses ${replies.map((r) => r.status).join(',')}`,
      );
      expect(
        moved.length >= 1,
        `no request was tried at instance B first: ${lines.map((l) => l.upstreams.join('>')).join('; ')}`,
      );
      expect(stored.rowCount === replies.length, `${stored.rowCount} of the ${replies.length} posts stored`);
      return `${replies.length} creates: 201 each, ${moved.length} tried at instance B first (connection refused) and done at instance A (${moved.map((l) => l.upstreams.map(label).join(' > ')).join('; ')}); ${replies.length} stored once each`;
    },
  );

  await check('backup: pg_dump and pg_restore (docs/deploy.md) give back every row', async () => {
    const file = path.join(stack.dir, 'marketplace.dump');
    const restored = `${new URL(stack.databaseUrl).pathname.slice(1)}_restore`;
    const restoredUrl = Object.assign(new URL(stack.databaseUrl), { pathname: `/${restored}` }).toString();
    await run('pg_dump', ['--format=custom', `--file=${file}`, stack.databaseUrl]);
    await run('createdb', [`--maintenance-db=${PG_URL}`, restored]);
    cleanups.push(() => run('dropdb', ['--force', `--maintenance-db=${PG_URL}`, '--if-exists', restored]));
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, file]);
    const counts = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(
          'select (select count(*) from users) users, (select count(*) from posts) posts, (select count(*) from likes) likes, (select count(*) from post_images) images, (select count(*) from sessions) sessions',
        );
        return JSON.stringify(rows[0]);
      } finally {
        await client.end();
      }
    };
    const [live, copy] = [await counts(stack.databaseUrl), await counts(restoredUrl)];
    expect(live === copy, `live ${live}, restored ${copy}`);
    return `restored into ${restored}: ${copy}`;
  });
}
