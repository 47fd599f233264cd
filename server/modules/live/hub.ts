// The live streams of one instance (issue 32, decision 040): GET /api/events holds a text/event-stream
// per signed-in tab. A write that stored events for some users hints them (hint()): here at once, and
// on the other instances through Redis pub/sub (REDIS_URL). Whatever a hint misses (Redis down, no
// Redis between instances) a poll of the database finds within POLL_MS: the rows are the record, a
// hint only says "look now". Each stream is written in event order, after the last number it sent; a
// comment line every HEARTBEAT_MS keeps proxies from closing it; at most MAX_STREAMS_PER_USER per user
// (a new one closes the oldest, telling it with a `closed` event so its tab does not reconnect and
// close another in turn); a stream whose session has ended is closed within a minute; a reader that
// does not read (its buffer past MAX_BUFFERED) is closed rather than held in memory.

import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import type { SharedStore } from '../../infra/shared-store/redis';
import { eventsAfter, lastSeq, lastSeqs, type StoredEvent } from './events';
import { unreadCounts } from './unread';

export const HEARTBEAT_MS = 25_000;
const POLL_MS = 2_000;
const SESSION_CHECK_MS = 60_000;
export const MAX_STREAMS_PER_USER = 5;
const MAX_BUFFERED = 1 << 20;
const CHANNEL = 'live-events';
/** Session lookups per query (PostgreSQL takes at most 65,535 parameters). */
const SESSION_CHUNK = 1000;

interface Stream {
  userId: number;
  tokenHash: string;
  reply: FastifyReply;
  lastSeq: number;
  openedAt: number;
  closed: boolean;
}

export interface LiveHubOptions {
  heartbeatMs?: number;
  pollMs?: number;
}

const frame = (event: StoredEvent) =>
  `id: ${event.seq}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;

export class LiveHub {
  private readonly byUser = new Map<number, Set<Stream>>();
  private readonly pumping = new Map<number, boolean>();
  private polling = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly heartbeatMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly deps: { database: Database; sharedStore?: SharedStore; log: FastifyBaseLogger },
    options: LiveHubOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.pollMs = options.pollMs ?? POLL_MS;
  }

  /** Open streams on this instance. */
  /** The people with a stream open here now: they are using the app (the away mail waits). */
  connectedUsers(): number[] {
    return [...this.byUser.keys()];
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  start() {
    this.deps.sharedStore?.subscribe(
      CHANNEL,
      (message) => this.wake(message.split(',').map(Number).filter(Number.isInteger)),
      // Reconnected to Redis: what was published meanwhile is lost, so look now.
      () => this.wake([...this.byUser.keys()]),
    );
    this.timers.push(
      setInterval(() => this.heartbeat(), this.heartbeatMs).unref(),
      setInterval(() => void this.poll(), this.pollMs).unref(),
      setInterval(() => void this.checkSessions(), SESSION_CHECK_MS).unref(),
    );
  }

  /** After a commit that stored events for these users: their streams look now, on every instance. */
  hint(userIds: number[]) {
    if (userIds.length === 0) return;
    this.wake(userIds);
    void this.deps.sharedStore?.publish(CHANNEL, userIds.join(',')).catch(() => {});
  }

  /**
   * Answers GET /api/events: the stream's head, then the events after `lastEventId` (a reconnect) or
   * the current unread counts (a first connection), then whatever comes.
   */
  async open(reply: FastifyReply, userId: number, tokenHash: string, lastEventId: number | undefined) {
    const { database } = this.deps;
    const current = await lastSeq(database.db, userId);
    const resumeFrom = lastEventId !== undefined && lastEventId <= current ? lastEventId : undefined;
    // A fresh start's counts are read before the stream is registered: no event can be sent ahead of
    // them, so they are never older than what follows.
    const counts =
      resumeFrom === undefined ? await unreadCounts(database.db, userId).catch(() => undefined) : undefined;
    const res = reply.raw;
    // The reader left while the lookups ran: nothing to hold.
    if (res.destroyed || reply.request.raw.destroyed) {
      reply.hijack();
      res.destroy();
      return;
    }
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      connection: 'keep-alive',
      // nginx: pass each event on as it comes (deploy/nginx.conf.template sets it too).
      'x-accel-buffering': 'no',
    });
    // Reconnects spread over 2-5 s: a restarted instance is not met by every tab at once.
    res.write(`retry: ${2000 + Math.floor(Math.random() * 3000)}\n\n`);
    const stream: Stream = {
      userId,
      tokenHash,
      reply,
      lastSeq: resumeFrom ?? current,
      openedAt: Date.now(),
      closed: false,
    };
    if (counts) this.write(stream, { userId, seq: stream.lastSeq, kind: 'unread', data: counts });
    this.add(stream);
    res.on('close', () => this.remove(stream));
    this.wake([userId]);
  }

  /** Ends every stream (the app is closing): clients reconnect to another instance or after a restart. */
  close() {
    for (const timer of this.timers) clearInterval(timer);
    for (const set of this.byUser.values()) for (const stream of set) this.end(stream);
    this.byUser.clear();
  }

  private add(stream: Stream) {
    let set = this.byUser.get(stream.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(stream.userId, set);
    }
    if (set.size >= MAX_STREAMS_PER_USER) {
      const oldest = [...set].sort((a, b) => a.openedAt - b.openedAt)[0];
      if (oldest) {
        // Said before closing: the tab stops instead of reconnecting (and closing another in turn).
        if (!oldest.closed) oldest.reply.raw.write('event: closed\ndata: {"reason":"too-many-streams"}\n\n');
        this.end(oldest);
      }
    }
    set.add(stream);
  }

  private remove(stream: Stream) {
    stream.closed = true;
    const set = this.byUser.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) this.byUser.delete(stream.userId);
  }

  private end(stream: Stream) {
    if (!stream.closed) stream.reply.raw.end();
    this.remove(stream);
  }

  private write(stream: Stream, event: StoredEvent) {
    if (stream.closed) return;
    const res = stream.reply.raw;
    if (res.writableLength > MAX_BUFFERED) return this.end(stream);
    res.write(frame(event));
    stream.lastSeq = Math.max(stream.lastSeq, event.seq);
  }

  /** Sends each woken user's streams what they have not had yet; one fetch per user at a time. */
  private wake(userIds: number[]) {
    for (const userId of new Set(userIds)) {
      if (!this.byUser.has(userId)) continue;
      if (this.pumping.has(userId)) {
        this.pumping.set(userId, true); // look again once the fetch in flight is written
        continue;
      }
      this.pumping.set(userId, false);
      void this.pump(userId);
    }
  }

  private async pump(userId: number) {
    try {
      for (;;) {
        const set = this.byUser.get(userId);
        if (!set?.size) return;
        const after = Math.min(...[...set].map((stream) => stream.lastSeq));
        const events = await eventsAfter(this.deps.database.db, userId, after);
        for (const event of events)
          for (const stream of set) if (event.seq > stream.lastSeq) this.write(stream, event);
        if (!this.pumping.get(userId) && events.length < 500) return;
        this.pumping.set(userId, false);
      }
    } catch (err) {
      // The database is down: the next poll tries again.
      this.deps.log.debug({ err }, 'live events not read');
    } finally {
      this.pumping.delete(userId);
    }
  }

  private heartbeat() {
    for (const set of this.byUser.values())
      for (const stream of set)
        if (!stream.closed && stream.reply.raw.writableLength < MAX_BUFFERED)
          stream.reply.raw.write(': keep-alive\n\n');
  }

  /**
   * Finds what hints missed: each user's last event number (one small row each, in chunks) against what
   * their streams have; those behind are woken. One poll at a time.
   */
  private async poll() {
    if (this.byUser.size === 0 || this.polling) return;
    this.polling = true;
    try {
      const behind: number[] = [];
      const counters = await lastSeqs(this.deps.database.db, [...this.byUser.keys()]);
      for (const [userId, seq] of counters) {
        const set = this.byUser.get(userId);
        if (set && [...set].some((stream) => stream.lastSeq < seq)) behind.push(userId);
      }
      this.wake(behind);
    } catch (err) {
      this.deps.log.debug({ err }, 'live events not polled');
    } finally {
      this.polling = false;
    }
  }

  /** Closes the streams whose session has ended (signed out, a password reset, a suspension). */
  private async checkSessions() {
    const streams = [...this.byUser.values()].flatMap((set) => [...set]);
    if (streams.length === 0) return;
    const hashes = [...new Set(streams.map((stream) => stream.tokenHash))];
    const live = new Set<string>();
    for (let i = 0; i < hashes.length; i += SESSION_CHUNK) {
      const alive = await this.deps.database.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(
          sql`${inArray(sessions.tokenHash, hashes.slice(i, i + SESSION_CHUNK))} and ${sessions.expiresAt} > now()`,
        )
        .catch(() => undefined);
      // The database is down: nobody is closed on a guess; the next check decides.
      if (!alive) return;
      for (const row of alive) live.add(row.tokenHash);
    }
    for (const stream of streams) if (!live.has(stream.tokenHash)) this.end(stream);
  }
}
