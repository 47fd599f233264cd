// The page's first API answers, asked for by the boot script before the app's code has loaded
// (decision 037): the app's first call of each takes it, once, and nothing is asked twice.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStarted, askEarly, forgetEarlyAnswers } from './early-answers';
import { api } from './http';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('marketplace.early-answers')];
  let n = 0;
  fetchMock = vi.fn(async () => json({ n: ++n }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('early answers', () => {
  it("are asked for as the app asks (cookies, JSON), so the request takes the page's preload", async () => {
    await askEarly('/api/first-payload');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/first-payload');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ accept: 'application/json' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it("answer the app's first GET of the same URL, once; the next call asks the server", async () => {
    askEarly('/api/first-payload');
    expect(await api('/api/first-payload')).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await api('/api/first-payload')).toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are not taken by a call with a method, a body or headers of its own, nor for another URL', async () => {
    askEarly('/api/posts');
    await api('/api/posts', { method: 'POST', body: { a: 1 } });
    await api('/api/posts', { headers: { 'x-test': '1' } });
    await api('/api/posts?search=tile');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    // Still there for the plain call.
    expect(await api('/api/posts')).toEqual({ n: 1 });
  });

  it('are not asked for once the app has started: its own call takes the preload', () => {
    appStarted();
    expect(askEarly('/api/verify-auth')).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are dropped, their downloads stopped, when the app leaves the screen they were asked for', async () => {
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementationOnce((_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise(() => {});
    });
    askEarly('/api/posts')?.catch(() => {});
    forgetEarlyAnswers();
    expect(signal?.aborted).toBe(true);
    expect(await api('/api/posts')).toEqual({ n: 1 });
  });

  it('are taken only at the address the page was loaded at', async () => {
    askEarly('/api/posts');
    history.pushState(null, '', '/login');
    try {
      expect(await api('/api/posts')).toEqual({ n: 2 });
    } finally {
      history.pushState(null, '', '/');
    }
  });

  it('can be read after their timeout has passed: the app may take one long after it came', async () => {
    const timeout = new AbortController();
    vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timeout.signal);
    // As fetch does: a body not read yet fails once the request's signal aborts.
    fetchMock.mockImplementationOnce(async (_url: string, init: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (init.signal?.aborted) controller.error(new DOMException('aborted', 'AbortError'));
          else {
            controller.enqueue(new TextEncoder().encode('{"posts":[]}'));
            controller.close();
          }
        },
      });
      return new Response(body, { status: 200 });
    });
    await askEarly('/api/first-payload');
    timeout.abort();
    vi.restoreAllMocks();
    expect(await api('/api/first-payload')).toEqual({ posts: [] });
  });

  it("are asked for again by the app's call when they failed", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('network'));
    askEarly('/api/verify-auth')?.catch(() => {});
    expect(await api('/api/verify-auth')).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
