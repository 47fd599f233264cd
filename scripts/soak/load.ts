// The soak's traffic: readers (landing feed, search, a post, its photo and comments), writers (sign-ups,
// posts with a photo, comments, likes, messages) and members holding the live event stream, all through
// nginx over TLS. Every answer is recorded in the phase it was sent in; every acknowledged write is kept
// so that the end of the run can look for it in the database.
import { randomBytes } from 'node:crypto';
import https from 'node:https';
import {
  type Account,
  type Answer,
  comment,
  type HttpClient,
  like,
  postWithPhoto,
  signUp,
} from '../../server/test/market-actions';
import { httpsClient } from '../cluster/client';

export interface Answered {
  phase: number;
  kind: string;
  status: number; // 0: no answer (connection error, timeout)
  ms: number;
  sentAt: number;
  at: number;
}

export type WriteKind = 'user' | 'post' | 'comment' | 'like' | 'message';
export interface Ack {
  kind: WriteKind;
  phase: number;
  /** users, posts, comments, messages: the id; likes: the post's id. */
  id: number;
  userId?: number;
}

export class Recorder {
  phase = 0;
  answers: Answered[] = [];
  acks: Ack[] = [];
  requests = 0;
  streamEvents = 0;
  constructor(readonly maxRequests: number) {}
  get full() {
    return this.requests >= this.maxRequests;
  }
  ack(kind: WriteKind, id: number, userId?: number) {
    this.acks.push({ kind, id, userId, phase: this.phase });
  }
}

/** Records each request's phase, status and time; a failed connection is status 0. */
function recording(inner: HttpClient, recorder: Recorder): HttpClient {
  return {
    async request(method, path, options) {
      const kind = `${method} ${path.replace(/\d+/g, ':id').replace(/\?.*$/, '')}`;
      const phase = recorder.phase;
      const sentAt = Date.now();
      const started = performance.now();
      recorder.requests++;
      try {
        const answer = await inner.request(method, path, options);
        recorder.answers.push({
          phase,
          kind,
          status: answer.status,
          ms: performance.now() - started,
          sentAt,
          at: Date.now(),
        });
        return answer;
      } catch (error) {
        recorder.answers.push({
          phase,
          kind,
          status: 0,
          ms: performance.now() - started,
          sentAt,
          at: Date.now(),
        });
        throw error;
      }
    },
    close: () => inner.close(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

export interface Load {
  /** Stops every loop and closes the streams; resolves when they have ended. */
  stop(): Promise<void>;
}

interface Shared {
  posts: Array<{ postId: number; imageUrl: string; ownerId: number }>;
}

export async function startLoad(base: string, ca: Buffer, recorder: Recorder): Promise<Load> {
  let stopped = false;
  let address = 10;
  const client = () => recording(httpsClient(base, ca, `127.0.0.${address++}`), recorder);
  const shared: Shared = { posts: [] };
  const loops: Promise<void>[] = [];
  const streams: Array<() => void> = [];

  // Writers: each an account that posts, comments, likes and messages.
  const writers: Array<{
    http: HttpClient;
    account: Account;
    liked: Set<number>;
    conversations: Map<number, number>;
  }> = [];
  for (let i = 0; i < 3; i++) {
    const http = client();
    const account = await signUp(http, `soak-writer-${i}`);
    recorder.ack('user', account.id);
    const post = await postWithPhoto(http, account, `Soak listing ${randomBytes(3).toString('hex')}`);
    recorder.ack('post', post.postId);
    shared.posts.push({ ...post, ownerId: account.id });
    writers.push({ http, account, liked: new Set(), conversations: new Map() });
  }

  const writerLoop = async (w: (typeof writers)[number]) => {
    while (!stopped) {
      if (recorder.full) {
        await sleep(1000);
        continue;
      }
      const roll = Math.random();
      try {
        if (roll < 0.2) {
          const post = await postWithPhoto(
            w.http,
            w.account,
            `Soak listing ${randomBytes(3).toString('hex')}`,
          );
          recorder.ack('post', post.postId);
          shared.posts.push({ ...post, ownerId: w.account.id });
        } else if (roll < 0.5) {
          const target = pick(shared.posts);
          if (target)
            recorder.ack('comment', await comment(w.http, w.account, target.postId, 'Still available?'));
        } else if (roll < 0.7) {
          const target = pick(shared.posts.filter((p) => !w.liked.has(p.postId)));
          if (target) {
            w.liked.add(target.postId); // tried once only: a lost answer must not toggle it back
            if (await like(w.http, w.account, target.postId))
              recorder.ack('like', target.postId, w.account.id);
          }
        } else if (roll < 0.9) {
          await message(w);
        } else {
          const fresh = await signUp(w.http, 'soak-member');
          recorder.ack('user', fresh.id);
        }
      } catch {
        // a refused or failed write is not acknowledged; the recorder has its status
      }
      await sleep(250);
    }
  };

  const message = async (w: (typeof writers)[number]) => {
    const target = pick(shared.posts.filter((p) => p.ownerId !== w.account.id));
    if (!target) return;
    const headers = { cookie: w.account.cookie };
    const conversation = w.conversations.get(target.postId);
    const text = `Soak message ${randomBytes(3).toString('hex')}`;
    const answer: Answer = conversation
      ? await w.http.request('POST', `/api/conversations/${conversation}/messages`, {
          headers,
          json: { message: text },
        })
      : await w.http.request('POST', '/api/conversations', {
          headers,
          json: { postId: target.postId, message: text },
        });
    if (answer.status !== 200 && answer.status !== 201) return;
    const body = answer.json<{ conversation?: { id: number }; message: { id: number } }>();
    if (body.conversation) w.conversations.set(target.postId, body.conversation.id);
    recorder.ack('message', body.message.id);
  };

  const readerLoop = async () => {
    const http = client();
    while (!stopped) {
      if (recorder.full) {
        await sleep(1000);
        continue;
      }
      const post = pick(shared.posts);
      const roll = Math.random();
      try {
        if (roll < 0.3) await http.request('GET', '/api/first-payload');
        else if (roll < 0.5)
          await http.request('GET', `/api/posts?search=${pick(['soak', 'listing', 'solar'])}`);
        else if (roll < 0.7 && post) await http.request('GET', `/api/posts/${post.postId}`);
        else if (roll < 0.85 && post) await http.request('GET', post.imageUrl);
        else if (post) await http.request('GET', `/api/comments/post/${post.postId}`);
      } catch {
        // recorded
      }
      await sleep(100);
    }
    http.close();
  };

  /** A member holding GET /api/events open, reopening it when it ends (a restart, a fault). */
  const streamLoop = async (cookie: string) => {
    const url = new URL(base);
    while (!stopped) {
      const phase = recorder.phase;
      const sentAt = Date.now();
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const req = https.request(
          {
            host: url.hostname,
            port: url.port,
            path: '/api/events',
            ca,
            servername: 'localhost',
            localAddress: `127.0.0.${50 + (address++ % 150)}`,
            headers: { cookie, accept: 'text/event-stream' },
          },
          (res) => {
            recorder.requests++;
            recorder.answers.push({
              phase,
              kind: 'GET /api/events',
              status: res.statusCode ?? 0,
              ms: performance.now() - started,
              sentAt,
              at: Date.now(),
            });
            res.on('data', (chunk: Buffer) => {
              recorder.streamEvents += chunk.toString().split('\n\n').length - 1;
            });
            res.on('end', resolve);
            res.on('error', () => resolve());
            res.on('close', resolve);
          },
        );
        streams.push(() => req.destroy());
        req.on('error', () => resolve());
        req.end();
      });
      if (!stopped) await sleep(1000);
    }
  };

  for (const w of writers) loops.push(writerLoop(w));
  for (let i = 0; i < 4; i++) loops.push(readerLoop());
  for (const w of writers.slice(0, 2)) loops.push(streamLoop(w.account.cookie));

  return {
    async stop() {
      stopped = true;
      for (const close of streams) close();
      await Promise.all(loops);
      for (const w of writers) w.http.close();
    },
  };
}
