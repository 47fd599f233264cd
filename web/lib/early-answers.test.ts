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

  it('are dropped when the app leaves the screen they were asked for', async () => {
    askEarly('/api/posts');
    forgetEarlyAnswers();
    expect(await api('/api/posts')).toEqual({ n: 2 });
  });
});
