import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { discardMessage, flushOutbox, queueMessage, resumeOutbox, retryMessage } from './outbox';

const USER = 5;
const sent: Array<{ path: string; key: string | null; body: unknown }> = [];
let answer: () => { status: number; body: unknown } = () => ({ status: 500, body: {} });
let online = true;

const stored = () => JSON.parse(localStorage.getItem(`draft:${USER}:outbox`) ?? '[]');
const chat = (id: number, body: string) => ({
  id,
  body,
  sentAt: '2026-11-28T10:00:00.000Z',
  fromMe: true,
  safetyWarning: null,
});

beforeEach(() => {
  sent.length = 0;
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      const body = JSON.parse(String(init.body));
      sent.push({ path, key: headers.get('idempotency-key'), body });
      const { status, body: payload } = answer();
      return new Response(JSON.stringify(payload), { status });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the outbox', () => {
  it('keeps a message written offline and sends it once, with its key, when back online', async () => {
    online = false;
    const message = queueMessage(USER, 12, 'I will bring cash');
    const onSent = vi.fn();
    await flushOutbox(USER, onSent);
    expect(sent).toEqual([]);
    expect(stored()).toMatchObject([{ key: message.key, state: 'waiting', body: 'I will bring cash' }]);

    online = true;
    answer = () => ({ status: 201, body: { message: chat(99, 'I will bring cash') } });
    await flushOutbox(USER, onSent);
    expect(sent).toEqual([
      { path: '/api/conversations/12/messages', key: message.key, body: { message: 'I will bring cash' } },
    ]);
    expect(onSent).toHaveBeenCalledWith(12, chat(99, 'I will bring cash'));
    expect(stored()).toEqual([]);
  });

  it('sends in order; a network or server failure waits, a refusal is kept with its reason', async () => {
    queueMessage(USER, 12, 'one');
    queueMessage(USER, 12, 'two');
    answer = () => ({ status: 503, body: {} });
    await flushOutbox(USER, () => {});
    // Stopped at the first: both wait, in order.
    expect(sent.map((s) => s.body)).toEqual([{ message: 'one' }]);
    expect(stored().map((m: { state: string }) => m.state)).toEqual(['waiting', 'waiting']);

    answer = () => ({ status: 403, body: { message: MSG.messages.blocked } });
    await flushOutbox(USER, () => {});
    expect(stored()).toMatchObject([
      { body: 'one', state: 'failed', reason: MSG.messages.blocked },
      { body: 'two', state: 'failed', reason: MSG.messages.blocked },
    ]);
    // The same key goes again on a retry; a discarded one is gone.
    const [first, second] = stored();
    answer = () => ({ status: 201, body: { message: chat(7, 'one') } });
    retryMessage(USER, first.key);
    await flushOutbox(USER, () => {});
    expect(sent.at(-1)?.key).toBe(first.key);
    discardMessage(USER, second.key);
    expect(stored()).toEqual([]);
  });

  it('a run with nothing to send does not hold back the next one', async () => {
    await flushOutbox(USER, () => {});
    answer = () => ({ status: 201, body: { message: chat(1, 'hello') } });
    queueMessage(USER, 3, 'hello');
    await flushOutbox(USER, () => {});
    expect(sent).toHaveLength(1);
  });

  it('two runs at once send a message once', async () => {
    answer = () => ({ status: 201, body: { message: chat(1, 'once') } });
    queueMessage(USER, 3, 'once');
    await Promise.all([flushOutbox(USER, () => {}), flushOutbox(USER, () => {})]);
    expect(sent).toHaveLength(1);
  });

  it("a message a closed tab left 'sending' waits again", () => {
    localStorage.setItem(
      `draft:${USER}:outbox`,
      JSON.stringify([{ key: 'k-12345678', conversationId: 3, body: 'x', writtenAt: '', state: 'sending' }]),
    );
    resumeOutbox(USER);
    expect(stored()[0].state).toBe('waiting');
  });
});
