// `npm run soak -- --minutes N`: the deployment of docs/deploy.md (scripts/soak/services.ts) under a
// mixed load (scripts/soak/load.ts) while its parts are broken on a schedule: Redis stopped and
// started, PostgreSQL stopped with --mode immediate and started, the S3 server stopped and started, an
// instance killed with SIGKILL and started again. Prints a row per phase and exits 1 on an acknowledged
// write missing afterwards, a 5xx other than 503 during a fault (or a 502 for a request nginx had sent to
// the instance at the moment it was killed), any 5xx outside one, or an instance's RSS (its peaks, over 8
// minutes or more) or kept heap (after a full GC, over 3 or more) growing more than 1 MB a minute after
// its first five minutes. Loopback only; bounded in time and in requests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Ack, type Answered, Recorder, startLoad } from './soak/load';
import { type HeapSample, type Phase, peakSlope, phaseTable, type Sample, slope } from './soak/report';
import { fdsOf, type Instance, rssOf, type SoakStack, soakSkipReason, startSoakStack } from './soak/services';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MINUTE = 60_000;
const RSS_SLOPE_MAX = 1; // MB a minute
/**
 * RSS swings by 40-60 MB as V8's heap fills to twice what it keeps and glibc's arenas fill and trim
 * (decision 043): a least-squares slope through 3 minutes of it ranged from -12 to +15 MB/min for an
 * instance whose kept heap did not grow. Its minute peaks are judged over 8 minutes or more; the heap
 * kept after a full collection (`marketplace_heap_after_full_gc_bytes`), which does not swing, over 3.
 */
const RSS_JUDGED_MINUTES = 8;
const HEAP_JUDGED_MINUTES = 3;
/** The instance's process id while it runs; undefined once it has exited or been killed. */
const pidOf = ({ server: { child } }: Instance) =>
  child.exitCode === null && child.signalCode === null ? child.pid : undefined;
/** A 502 for a request sent this soon after the kill was in flight to the killed instance. */
const IN_FLIGHT_MS = 250;

function buildServer(): string {
  const outdir = path.resolve(`dist/.soak-server-${process.pid}`);
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-server.ts', '--outdir', outdir],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('the server bundle did not build');
  return outdir;
}

/** Which acknowledged writes the database no longer holds. */
async function missingWrites(databaseUrl: string, acks: Ack[]): Promise<Set<Ack>> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const ids = (kind: Ack['kind']) => acks.filter((a) => a.kind === kind).map((a) => a.id);
    const found = async (sql: string, kind: Ack['kind']) =>
      new Set((await db.query<{ id: number }>(sql, [ids(kind)])).rows.map((r) => Number(r.id)));
    const present = {
      user: await found('select id from users where id = any($1::int[])', 'user'),
      // A post counts when it is there with its photo.
      post: await found(
        'select p.id from posts p where p.id = any($1::int[]) and exists (select 1 from post_images i where i.post_id = p.id)',
        'post',
      ),
      comment: await found('select id from comments where id = any($1::int[])', 'comment'),
      message: await found('select id from messages where id = any($1::int[])', 'message'),
    };
    const likes = new Set(
      (await db.query<{ k: string }>(`select post_id || ':' || user_id as k from likes`)).rows.map(
        (r) => r.k,
      ),
    );
    return new Set(
      acks.filter((a) =>
        a.kind === 'like' ? !likes.has(`${a.id}:${a.userId}`) : !present[a.kind].has(a.id),
      ),
    );
  } finally {
    await db.end();
  }
}

async function breakPart(stack: SoakStack, phase: Phase, killed: { next: number }) {
  switch (phase.fault) {
    case 'redis':
      return { fix: () => stack.redis.start(), broke: await stack.redis.stop() };
    case 'postgres':
      return { fix: () => stack.pg.start(), broke: await stack.pg.stop('immediate') };
    case 's3':
      return { fix: () => stack.s3.start(), broke: await stack.s3.stop() };
    case 'kill': {
      const instance = stack.instances[killed.next++ % stack.instances.length];
      if (!instance) throw new Error('no instance');
      instance.server.child.kill('SIGKILL');
      await instance.server.exited;
      return { fix: () => stack.restart(instance), broke: undefined };
    }
    default:
      return { fix: async () => {}, broke: undefined };
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { minutes: { type: 'string', default: '2' } } });
  const minutes = Number(values.minutes);
  if (!(minutes > 0 && minutes <= 24 * 60))
    throw new Error('--minutes must be a number of minutes (up to a day)');
  const reason = await soakSkipReason();
  if (reason) {
    console.log(`soak skipped: ${reason}`);
    return 0;
  }
  const short = minutes < 10;
  const steadyMs = short ? 6_000 : 60_000;
  const downMs = short ? 8_000 : 30_000;
  const windowMs = short ? 15_000 : 30_000;
  const totalMs = minutes * MINUTE;
  const watchdog = setTimeout(
    () => {
      console.log('FAIL  the soak ran 15 minutes over its time: stopped');
      process.exit(1);
    },
    totalMs + 15 * MINUTE,
  );
  watchdog.unref();

  const dir = mkdtempSync(path.join(os.tmpdir(), 'mkt-soak-'));
  const bundle = buildServer();
  let stack: SoakStack | undefined;
  try {
    stack = await startSoakStack(dir, path.join(bundle, 'main.mjs'));
    const live = stack;
    console.log(
      `soak: ${minutes} min; 2 instances (${live.instances.map((i) => `${i.name} ${i.address}`).join(', ')}) behind nginx at ${live.base}; PostgreSQL ${live.databaseUrl}; ${live.redis.url}; S3 ${live.s3.endpoint}`,
    );
    // Bounded: about 60 requests a second at most, whatever the machine can do.
    const recorder = new Recorder(Math.ceil(minutes * 60 * 60 + 2000));
    const load = await startLoad(live.base, live.ca, recorder);
    const t0 = Date.now();
    const samples: Sample[] = [];
    const sample = () => {
      for (const i of live.instances) {
        const pid = pidOf(i);
        if (!pid) continue;
        try {
          samples.push({
            at: Date.now(),
            instance: i.name,
            pid,
            startedAt: i.startedAt,
            rss: rssOf(pid),
            fds: fdsOf(pid),
          });
        } catch {
          // exited between the check and the read
        }
      }
    };
    sample();
    const sampler = setInterval(sample, short ? 2000 : 5000);
    // What each instance keeps in JS objects, from its own /metrics (read passively: no forced GC).
    const heaps: HeapSample[] = [];
    const sampleHeaps = () => {
      for (const i of live.instances) {
        const pid = pidOf(i);
        if (!pid) continue;
        fetch(`http://${i.address}/metrics`, {
          headers: { authorization: `Bearer ${live.metricsToken}` },
          signal: AbortSignal.timeout(5000),
        })
          .then((res) => (res.ok ? res.text() : ''))
          .then((text) => {
            const bytes = /^marketplace_heap_after_full_gc_bytes\{[^}]*\} (\d+)/m.exec(text)?.[1];
            if (bytes) heaps.push({ at: Date.now(), pid, bytes: Number(bytes) });
          })
          .catch(() => {}); // starting, killed or stalled: the next round
      }
    };
    const heapSampler = setInterval(sampleHeaps, short ? 5000 : 15_000);

    const phases: Phase[] = [];
    const notBack: string[] = [];
    const faults: Array<NonNullable<Phase['fault']>> = ['redis', 'postgres', 's3', 'kill'];
    const killed = { next: 0 };
    const names = {
      redis: 'Redis stopped',
      postgres: 'PostgreSQL stopped (immediate)',
      s3: 'S3 stopped',
      kill: 'kill -9',
    };
    const progress = (phase: Phase) =>
      console.log(
        `${(phase.end / MINUTE).toFixed(1)} min  ${phase.name}: ${recorder.answers.filter((a) => a.phase === phases.indexOf(phase)).length} answers, ${recorder.acks.length} writes acknowledged so far`,
      );
    const begin = (phase: Omit<Phase, 'start' | 'end'>) => {
      const full: Phase = { ...phase, start: Date.now() - t0, end: 0 };
      phases.push(full);
      recorder.phase = phases.length - 1;
      return full;
    };
    for (let k = 0; k < faults.length || Date.now() - t0 < totalMs; k++) {
      const steady = begin({ name: 'steady' });
      await sleep(steadyMs);
      sample();
      steady.end = Date.now() - t0;
      progress(steady);
      // Every fault at least once, however short the run.
      if (k >= faults.length && Date.now() - t0 + downMs + windowMs > totalMs) break;
      const fault = faults[k % faults.length] as NonNullable<Phase['fault']>;
      const phase = begin({ name: names[fault], fault });
      phase.brokeAt = Date.now();
      const { fix } = await breakPart(live, phase, killed);
      if (fault === 'kill') phase.name = `kill -9 instance ${live.instances[(killed.next - 1) % 2]?.name}`;
      await sleep(downMs);
      // A part that does not come back is a finding to print with the table, not a reason to stop.
      await fix().catch((error: Error) =>
        notBack.push(`${phase.name}: did not come back: ${error.message.split('\n')[0]}`),
      );
      phase.fixedAt = Date.now();
      await sleep(windowMs);
      phase.end = Date.now() - t0;
      progress(phase);
    }
    const settled = begin({ name: 'settled (after the last fault)' });
    await sleep(steadyMs * 2);
    await load.stop();
    sample();
    settled.end = Date.now() - t0;
    clearInterval(sampler);
    clearInterval(heapSampler);

    const missing = await missingWrites(live.databaseUrl, recorder.acks);
    console.log(`\n${phaseTable(phases, recorder.answers, recorder.acks, missing, samples, t0)}\n`);

    const failures: string[] = [...notBack];
    let cut = 0;
    const bad = new Map<string, number>();
    // A request is 'during a fault' when its time in flight overlaps one: from the stop until the
    // window after the start (on a loaded machine a request sent before a fault can wait into it).
    const during = (a: Answered) =>
      phases.filter(
        (p) => p.fault && p.brokeAt && a.at >= p.brokeAt && a.sentAt <= (p.fixedAt ?? Date.now()) + windowMs,
      );
    for (const a of recorder.answers) {
      if (a.status < 500) continue;
      const phase = phases[a.phase] as Phase;
      const faults = during(a);
      if (faults.length && a.status === 503) continue;
      const kill = faults.find(
        (p) => p.fault === 'kill' && p.brokeAt && a.sentAt <= p.brokeAt + IN_FLIGHT_MS,
      );
      if (kill && a.status === 502) {
        cut++;
        continue;
      }
      const key = `${a.status} ${a.kind} in '${phase.name}'`;
      bad.set(key, (bad.get(key) ?? 0) + 1);
    }
    for (const [what, n] of bad) failures.push(`${n} × ${what}`);
    if (missing.size)
      failures.push(
        `${missing.size} acknowledged writes missing: ${[...missing]
          .slice(0, 10)
          .map((m) => `${m.kind} ${m.id}`)
          .join(', ')}`,
      );
    const noAnswer = recorder.answers.filter((a) => a.status === 0).length;

    console.log(
      `requests: ${recorder.answers.length} (bound ${recorder.maxRequests}); acknowledged writes: ${recorder.acks.length} (${['user', 'post', 'comment', 'like', 'message'].map((k) => `${recorder.acks.filter((a) => a.kind === k).length} ${k}s`).join(', ')}), missing: ${missing.size}; stream chunks read: ${recorder.streamEvents}; no answer (connection error or timeout): ${noAnswer}; 502s for requests in flight to a killed instance: ${cut}`,
    );
    const after5 = <T extends { at: number }>(mine: T[], startedAt: number) =>
      mine.filter((s) => s.at >= t0 + 5 * MINUTE && s.at >= startedAt + 5 * MINUTE);
    const spanOf = (mine: Array<{ at: number }>) =>
      mine.length ? ((mine.at(-1)?.at ?? 0) - (mine[0]?.at ?? 0)) / MINUTE : 0;
    const mb = (bytes = 0) => (bytes / 1048576).toFixed(0);
    for (const pid of new Set(samples.map((s) => s.pid))) {
      const mine = samples.filter((s) => s.pid === pid);
      const first = mine[0] as Sample;
      const judged = after5(mine, first.startedAt);
      const span = spanOf(judged);
      const whole = slope(mine, (m) => m.rss);
      const after = span >= RSS_JUDGED_MINUTES ? peakSlope(judged) : undefined;
      const kept = heaps.filter((h) => h.pid === pid);
      const heap = after5(kept, first.startedAt);
      const heapAfter = spanOf(heap) >= HEAP_JUDGED_MINUTES ? slope(heap, (h) => h.bytes) : undefined;
      console.log(
        `instance ${first.instance} (pid ${pid}): RSS ${mb(first.rss)} → ${mb(mine.at(-1)?.rss)} MB over ${(((mine.at(-1)?.at ?? 0) - first.at) / MINUTE).toFixed(1)} min, slope ${whole?.toFixed(2) ?? '-'} MB/min overall, ${after === undefined ? `peaks not judged (${span.toFixed(1)} min of samples after its first 5, under ${RSS_JUDGED_MINUTES})` : `peaks ${after.toFixed(2)} MB/min after its first 5 minutes`}; heap kept after GC ${kept.length ? `${mb(kept[0]?.bytes)} → ${mb(kept.at(-1)?.bytes)} MB` : '-'}, ${heapAfter === undefined ? `not judged (under ${HEAP_JUDGED_MINUTES} min of samples after its first 5)` : `${heapAfter.toFixed(2)} MB/min after its first 5 minutes`}; open fds ${first.fds} → ${mine.at(-1)?.fds}`,
      );
      if (after !== undefined && after > RSS_SLOPE_MAX)
        failures.push(
          `instance ${first.instance} (pid ${pid}) RSS peaks grow ${after.toFixed(2)} MB/min after its first 5 minutes`,
        );
      if (heapAfter !== undefined && heapAfter > RSS_SLOPE_MAX)
        failures.push(
          `instance ${first.instance} (pid ${pid}) heap kept after GC grows ${heapAfter.toFixed(2)} MB/min after its first 5 minutes`,
        );
    }
    if (failures.length) {
      console.log(`\nsoak FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
      for (const i of live.instances)
        console.log(`--- instance ${i.name}:\n${i.server.output().slice(-3000)}`);
      console.log(`--- nginx's error log:\n${live.nginx.errorLog().slice(-6000)}`);
      return 1;
    }
    console.log('\nsoak passed');
    return 0;
  } finally {
    await stack?.stopAll();
    rmSync(dir, { recursive: true, force: true });
    rmSync(bundle, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
