// The live stream behind nginx (issue 32, decision 040): a stream held open through nginx at one
// instance gets the messages sent through the other, each as it is written (nginx must not buffer it).
import https from 'node:https';
import { check, expect } from './checks';
import type { Client } from './client';
import { instanceOf, label, sleep, stack } from './deployment';
import { createPost, signUpAndIn } from './members';

interface HeldStream {
  requestId: string;
  /** Each `message` event's body with when it was read (ms, Date.now()). */
  messages: Array<{ body: string; at: number }>;
  close(): void;
}

/** GET /api/events through nginx, read frame by frame as an EventSource would. */
function holdStream(cookie: string): Promise<HeldStream> {
  const url = new URL(stack.base);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/events',
        ca: stack.ca,
        servername: 'localhost',
        localAddress: '127.0.0.30',
        headers: { cookie, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`GET /api/events answered ${res.statusCode}`));
        const held: HeldStream = {
          requestId: String(res.headers['x-request-id'] ?? ''),
          messages: [],
          close: () => req.destroy(),
        };
        let buffered = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffered += chunk;
          for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
            const frame = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (/^event: message$/m.test(frame) && data)
              held.messages.push({ body: JSON.parse(data).message.body, at: Date.now() });
          }
        });
        res.on('error', () => {});
        resolve(held);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function liveChecks(visitor: Client) {
  await check(
    'a message sent through either instance reaches a stream held through nginx within a second',
    async () => {
      const seller = await signUpAndIn(visitor, 'live-seller');
      const buyer = await signUpAndIn(visitor, 'live-buyer');
      const postId = await createPost(visitor, seller, 'Chest freezer 200L', true);
      const stream = await holdStream(seller.cookie);
      const sent: Array<{ body: string; at: string; ackAt: number }> = [];
      try {
        let conversationId = 0;
        // The delay is from the send's answer to the event read from the stream (below 0: the event came
        // first). Round robin: sends go to both instances, so some cross from the other to the stream's.
        for (let i = 0; i < 6; i++) {
          const body = `Is it still available? (${i})`;
          const res =
            i === 0
              ? await visitor.request('POST', '/api/conversations', {
                  headers: { cookie: buyer.cookie },
                  json: { postId, message: body },
                })
              : await visitor.request('POST', `/api/conversations/${conversationId}/messages`, {
                  headers: { cookie: buyer.cookie },
                  json: { message: body },
                });
          const ackAt = Date.now();
          expect(res.status === 201, `message ${i} answered ${res.status}: ${res.body}`);
          if (i === 0) conversationId = res.json<{ conversation: { id: number } }>().conversation.id;
          sent.push({ body, at: await instanceOf(res), ackAt });
        }
        for (let waited = 0; stream.messages.length < sent.length && waited < 3000; waited += 20)
          await sleep(20);
      } finally {
        stream.close();
      }
      const heldAt = await instanceOf(stream);
      const delays = sent.map((s) => {
        const got = stream.messages.find((m) => m.body === s.body);
        return { ...s, delay: got ? got.at - s.ackAt : undefined };
      });
      const missing = delays.filter((d) => d.delay === undefined);
      expect(missing.length === 0, `never arrived: ${missing.map((m) => m.body).join(', ')}`);
      const crossed = delays.filter((d) => d.at !== heldAt);
      expect(crossed.length > 0, `every message was sent through ${label(heldAt)}, the stream's instance`);
      const slow = delays.filter((d) => (d.delay ?? 0) > 1000);
      expect(slow.length === 0, `arrived over a second after the answer: ${JSON.stringify(slow)}`);
      return `stream held at ${label(heldAt)}; ${delays.map((d) => `sent at ${label(d.at)}: +${d.delay} ms`).join(', ')}`;
    },
  );
}
