// Background jobs, started once by buildApp and stopped when the app closes (close waits for a run
// in flight): expired sessions and create-post Idempotency-Keys older than a day are deleted at start
// (once the migrations are applied) and every 6 hours; orphan image files and upload temp folders
// left by a crash a minute after start and every 6 hours; live events older than a day every hour;
// the mail outbox and the live streams continuously.
import type { FastifyInstance } from 'fastify';
import type { Deps } from './deps';
import { sweepExpiredSessions } from './modules/auth';
import { STALE_UPLOAD_MS, sweepOrphanFiles, sweepStaleUploads, uploadTempRoot } from './modules/images';
import { sweepIdempotencyKeys } from './modules/listings';
import { deleteEventsBefore, EVENT_RETENTION_MS } from './modules/live';
import { mailWhatWasMissed, markActive, raiseExpiryNotices } from './modules/notifications';
import { checkSavedSearches, sweepSavedSearchHits } from './modules/saved-searches';

const HOUR_MS = 60 * 60_000;
const SIX_HOURS_MS = 6 * HOUR_MS;
/**
 * How often the away mail looks for people to mail (its minutes are NOTIFY_* settings); every second
 * when either is 0 (a test setting: 'at once').
 */
const AWAY_MAIL_EVERY_MS = 15_000;
const awayMailEveryMs = ({ awayMs, mailEveryMs }: { awayMs: number; mailEveryMs: number }) =>
  awayMs === 0 || mailEveryMs === 0 ? 1000 : AWAY_MAIL_EVERY_MS;
/**
 * A job due while a PostgreSQL server's migrations are not applied yet (the server listens first,
 * decision 010) waits for them, checking this often, instead of failing with 'not ready' at start.
 */
const WHILE_STARTING_RETRY_MS = 1000;

interface Job {
  name: string;
  firstAfterMs: number;
  everyMs: number;
  run(): Promise<unknown>;
}

export function startJobs(app: FastifyInstance, deps: Deps) {
  // The mail outbox has a loop of its own (modules/mail/delivery.ts): every few seconds, and at once
  // when a write queues mail.
  deps.mail.start();
  app.addHook('onClose', () => deps.mail.stop());
  // The live streams' heartbeats, polls and session checks; closing ends every stream (else the
  // server would wait on them for ever).
  deps.live.start();
  app.addHook('preClose', () => deps.live.close());
  const jobs: Job[] = [
    {
      name: 'expired session sweep',
      firstAfterMs: 0,
      everyMs: SIX_HOURS_MS,
      run: () => sweepExpiredSessions(deps.database, app.log),
    },
    {
      name: 'idempotency key sweep',
      firstAfterMs: 0,
      everyMs: SIX_HOURS_MS,
      run: async () => {
        const removed = await sweepIdempotencyKeys(deps);
        if (removed > 0) app.log.info({ removed }, 'expired idempotency keys removed');
      },
    },
    {
      name: 'live event sweep',
      firstAfterMs: 60_000,
      everyMs: HOUR_MS,
      run: async () => {
        const before = new Date(deps.clock.now().getTime() - EVENT_RETENTION_MS);
        const removed = await deleteEventsBefore(deps.database.db, before);
        if (removed > 0) app.log.info({ removed }, 'live events older than a day removed');
      },
    },
    // Issue 33: new posts against the saved searches; expiry notices; what away people missed, by mail;
    // who has a live stream open counts as using the app.
    {
      name: 'saved-search check',
      firstAfterMs: deps.config.notifications.savedSearchCheckMs,
      everyMs: deps.config.notifications.savedSearchCheckMs,
      run: () => checkSavedSearches(deps),
    },
    {
      name: 'expiry notices',
      firstAfterMs: 60_000,
      everyMs: HOUR_MS,
      run: () => raiseExpiryNotices(deps),
    },
    {
      name: 'away mail',
      firstAfterMs: awayMailEveryMs(deps.config.notifications),
      everyMs: awayMailEveryMs(deps.config.notifications),
      run: () => mailWhatWasMissed({ ...deps, log: app.log }),
    },
    {
      name: 'live activity marks',
      firstAfterMs: 30_000,
      everyMs: 30_000,
      run: () => markActive(deps.database.db, deps.live.connectedUsers(), deps.clock.now()),
    },
    {
      name: 'saved-search hit sweep',
      firstAfterMs: 60_000,
      everyMs: SIX_HOURS_MS,
      run: () => sweepSavedSearchHits(deps),
    },
    {
      name: 'orphan image sweep',
      firstAfterMs: 60_000,
      everyMs: SIX_HOURS_MS,
      run: () => sweepOrphanFiles(deps, app.log),
    },
    {
      name: 'upload temp folder sweep',
      firstAfterMs: 60_000,
      everyMs: SIX_HOURS_MS,
      run: async () => {
        const removed = await sweepStaleUploads(uploadTempRoot(deps.config.dataDir), STALE_UPLOAD_MS);
        if (removed > 0) app.log.info({ removed }, 'stale upload temp folders removed');
      },
    },
  ];
  const running = new Set<Promise<unknown>>();
  const waiting = new Set<NodeJS.Timeout>();
  const timers = jobs.flatMap((job) => {
    const run = () => {
      if (deps.database.state === 'starting') {
        const retry = setTimeout(() => {
          waiting.delete(retry);
          run();
        }, WHILE_STARTING_RETRY_MS).unref();
        waiting.add(retry);
        return;
      }
      const done = job
        .run()
        .then(
          () => deps.metrics.jobRan(job.name, true),
          (err) => {
            deps.metrics.jobRan(job.name, false);
            app.log.error({ err }, `${job.name} failed`);
          },
        )
        .finally(() => running.delete(done));
      running.add(done);
    };
    return [setTimeout(run, job.firstAfterMs).unref(), setInterval(run, job.everyMs).unref()];
  });
  app.addHook('onClose', async () => {
    for (const timer of [...timers, ...waiting]) clearTimeout(timer);
    await Promise.all(running);
  });
}
