// The mail delivery job (issue 31, decision 039): sends what the outbox holds, oldest first, a few at a
// time, and never inside a request, so a mail server that is down or slow neither fails nor slows one.
// A mail that fails is tried again later (5 s, 30 s, 2 min, 10 min, 30 min, then hourly) until the
// server takes it; one the server refuses for good (no such recipient) is marked failed. Runs when
// woken (a write queued mail) and every POLL_MS; one run at a time per instance, and a claimed mail is
// leased (outbox.ts claimDue) so instances sharing a database never send it twice.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../infra/clock';
import { claimDue, markFailed, markSent } from './outbox';
import { LONGEST_SEND_MS, type MailTransport, SendError } from './transport';

const POLL_MS = 2000;
const BATCH = 10;
const RETRY_AFTER_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];

/** When the attempt-th failed attempt (1, 2, ...) is followed by the next one. */
export const retryDelayMs = (attempt: number) =>
  RETRY_AFTER_MS[Math.min(attempt, RETRY_AFTER_MS.length) - 1] ?? 3_600_000;

export class MailDelivery {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private failing = false;

  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      transport: MailTransport;
      log: FastifyBaseLogger;
    },
    private readonly pollMs = POLL_MS,
  ) {}

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  /** A write queued mail: send it now rather than at the next poll. */
  wake() {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.deps.transport.close();
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms).unref();
  }

  private async run() {
    if (this.running || this.stopped) return;
    this.running = this.deliverDue()
      .then(() => {})
      .catch((err) => {
        // The database is down or not migrated yet: try again at the next poll, saying so once.
        if (!this.failing) this.deps.log.warn({ err }, 'mail delivery could not read the outbox');
        this.failing = true;
      })
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const now = this.again;
        this.again = false;
        this.schedule(now ? 0 : this.pollMs);
      });
    await this.running;
  }

  /** Sends every mail that is due now (in batches); answers how many went. */
  async deliverDue(): Promise<number> {
    const { database, clock, transport, log } = this.deps;
    if (database.state === 'starting') return 0;
    let sent = 0;
    for (;;) {
      const now = clock.now();
      const batch = await claimDue(database.db, now, new Date(now.getTime() + 2 * LONGEST_SEND_MS), BATCH);
      this.failing = false;
      for (const mail of batch) {
        try {
          await transport.send(mail);
          await markSent(database.db, mail.id, clock.now());
          sent++;
        } catch (error) {
          const permanent = error instanceof SendError && error.permanent;
          const reason = error instanceof Error ? error.message : String(error);
          const retryAt = permanent ? null : new Date(clock.now().getTime() + retryDelayMs(mail.attempts));
          log.warn(
            { mailId: mail.id, kind: mail.kind, attempt: mail.attempts, reason, permanent },
            'mail not sent',
          );
          await markFailed(database.db, mail.id, reason.slice(0, 500), retryAt, clock.now());
        }
      }
      if (batch.length < BATCH || this.stopped) return sent;
    }
  }
}
