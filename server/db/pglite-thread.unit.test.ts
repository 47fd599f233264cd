// PGlite in its worker thread (decision 029): queries run off the event loop, transactions keep their
// meaning, errors keep their PostgreSQL fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread';
import { PLANNED_PER_CALL } from './planning';

let thread: PGliteThread;
beforeAll(async () => {
  thread = await PGliteThread.open(undefined);
  await thread.exec('create table t (id int primary key, note text)');
}, 60_000);
afterAll(() => thread.close());

describe('PGlite in a worker thread', () => {
  it('lets the event loop turn while a query runs', async () => {
    let settled = false;
    const slow = thread.query('select pg_sleep(0.3)').then(() => {
      settled = true;
    });
    // On the main thread the whole second would pass inside query(): the timer could not fire first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    await slow;
    expect(settled).toBe(true);
  });

  it('answers rows in object or array mode, with timestamps kept as text (drizzle maps them)', async () => {
    const objects = await thread.query("select 1::int as n, '2026-01-02T03:04:05Z'::timestamptz as at");
    expect(objects.rows).toEqual([{ n: 1, at: '2026-01-02 03:04:05+00' }]);
    const arrays = await thread.query('select $1::int + 1 as n', [41], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[42]]);
  });

  it('commits a transaction, and holds other queries until it ends', async () => {
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query("insert into t values (1, 'a')");
      outside = thread.query('select count(*)::int as n from t');
      await tx.query("insert into t values (2, 'b')");
    });
    expect(((await outside) as { rows: unknown[] }).rows).toEqual([{ n: 2 }]);
  });

  it('rolls a transaction back when its function throws, and rethrows', async () => {
    const failing = thread.transaction(async (tx) => {
      await tx.query("insert into t values (3, 'c')");
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    expect((await thread.query('select id from t where id = 3')).rows).toEqual([]);
  });

  it("passes PostgreSQL's error fields across (unique_violation, its constraint)", async () => {
    const error = await thread.query("insert into t values (1, 'again')").catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect(error).toBeInstanceOf(Error);
  });

  it('keeps the plan of a statement it runs again, its values still values', async () => {
    const byNote = 'select id, note from t where note = $1 or id = $2 order by id';
    const prepared = () =>
      thread.query(
        "select statement from pg_prepared_statements where statement ~ '^PREPARE \\w+ AS select id, note'",
      );
    await thread.query(byNote, ['a', 0]);
    expect((await prepared()).rows).toEqual([]); // once is not enough: one-off statements stay one-off
    const hostile = "a' or true; drop table t; --";
    for (const note of [hostile, "it's", 'a\\b', '']) {
      expect((await thread.query(byNote, [note, 2])).rows).toEqual([{ id: 2, note: 'b' }]);
    }
    expect((await prepared()).rows).toHaveLength(1);
    await thread.query('insert into t values (5, $1), (6, $2)', [hostile, 'x\\y']);
    const found = await thread.query(byNote, [hostile, 6], { rowMode: 'array' });
    expect(found.rows).toEqual([
      [5, hostile],
      [6, 'x\\y'],
    ]);
    // A NUL cannot be a literal: it is bound, and fails as a bound NUL always did.
    await expect(thread.query(byNote, ['a\0b', 0])).rejects.toThrow();
    await thread.query('delete from t where id in (5, 6)');
  });

  /** The prepared statements whose text starts as `start` does. */
  const preparedLike = async (start: string) =>
    (await thread.query('select statement from pg_prepared_statements')).rows.filter((row) =>
      (row as { statement: string }).statement.replace(/^PREPARE \w+ AS /, '').startsWith(start),
    );

  it('reads a lone surrogate as U+FFFD, bound or prepared, without cutting the text short', async () => {
    for (let run = 0; run < 3; run++) {
      const { rows } = await thread.query("select $1::text || '!' as v", ['\u00e9\udc00abc']);
      expect(rows).toEqual([{ v: '\u00e9\ufffdabc!' }]);
    }
  });

  it('prepares a text once when several ask for it together (behind a transaction)', async () => {
    const text = 'select count(*)::int as n from t where id > $1';
    await thread.query(text, [0]);
    let together: Promise<unknown>[] = [];
    await thread.transaction(async (tx) => {
      together = Array.from({ length: 5 }, () => thread.query(text, [0]));
      await tx.query('select 1');
    });
    for (const result of await Promise.all(together)) {
      expect((result as { rows: unknown[] }).rows).toEqual([{ n: 2 }]);
    }
    expect(await preparedLike(text)).toHaveLength(1);
  });

  it('runs a prepared text again after the schema under it changed', async () => {
    await thread.exec('create table widened (id int)');
    await thread.exec('insert into widened values (1)');
    for (let run = 0; run < 3; run++) await thread.query('select * from widened');
    await thread.exec('alter table widened add column note text');
    const { rows } = await thread.query('select * from widened');
    expect(rows).toEqual([{ id: 1, note: null }]);
  });

  it('never prepares a statement marked to be planned per call', async () => {
    const text = `select id from t where id = $1 ${PLANNED_PER_CALL}`;
    for (let run = 0; run < 3; run++) await thread.query(text, [1]);
    expect(await preparedLike('select id from t where id = $1')).toEqual([]);
  });

  // Last: it closes the suite's database (a second one would cost seconds to create); closing again in
  // afterAll is allowed.
  it('refuses queries once closed, without ending the process', async () => {
    await thread.close();
    await expect(thread.query('select 1')).rejects.toMatchObject({ code: '57P01' });
  });
});
