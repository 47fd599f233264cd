// Component tests of the engagement features: render inside the app's providers (query client, auth,
// router) against a fake API. The fake fetch answers plain objects (no stream internals), so tests under
// fake timers settle by advancing the clock instead of waiting on real time.
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { type InitialEntry, MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ERROR_CODE_HEADER, type ErrorCode } from '../../shared/api-errors';
import type { PublicUser } from '../../shared/api-types';
import { AuthProvider } from '../features/auth/auth-context';
import { clearStoredAuth, storeSignedIn } from '../features/auth/auth-store';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}
/** `code`: the x-error-code header, as the server sends it with every error. */
export type Reply = { status: number; body?: unknown; code?: ErrorCode };
export type Handler = (call: ApiCall) => Reply | undefined | Promise<Reply | undefined>;

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const fail = (status: number, message = 'Nope', code?: ErrorCode): Reply => ({
  status,
  body: { success: false, message },
  code,
});

export const TEST_USER: PublicUser = {
  id: 7,
  name: 'Rudo Chikomo',
  email: 'rudo@example.co.zw',
  phoneNumber: '',
  role: 'member',
  emailVerified: true,
};

/**
 * Replaces fetch with `handler` (verify-auth is answered for you). Returns the list of calls made,
 * verify-auth left out. An unhandled call answers 500 so a test sees it rather than hangs.
 */
export function mockApi(handler: Handler, user: PublicUser | null = TEST_USER) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body };
    let reply: Reply | undefined;
    if (path === '/api/verify-auth') {
      reply = ok(user ? { isAuthenticated: true, user } : { isAuthenticated: false });
    } else {
      calls.push(call);
      reply = await handler(call);
    }
    const { status, body: payload, code } = reply ?? fail(500, `unhandled ${method} ${path}`, 'internal');
    const text = payload === undefined ? '' : JSON.stringify(payload);
    const headers = new Headers(code ? { [ERROR_CODE_HEADER]: code } : {});
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: String(status),
      headers,
      text: async () => text,
    };
  });
  vi.stubGlobal('fetch', fetch);
  if (user) storeSignedIn(user);
  else clearStoredAuth();
  return calls;
}

/**
 * `strict` wraps the whole tree in StrictMode, as web/main.tsx does (effects run twice on mount); `at`
 * is the address the app is at (default '/'), or the history entry with its key.
 */
export function renderApp(
  ui: ReactNode,
  { strict = false, at = '/' as InitialEntry }: { strict?: boolean; at?: InitialEntry } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
  const tree = (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <AuthProvider>{ui}</AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, queryClient };
}

// Query notifications go out on setTimeout(0); a fake clock gives a zero-delay timer made during a tick
// 1 ms, so they would lag behind the clock. Microtasks are not faked: notify on those instead.
notifyManager.setScheduler(queueMicrotask);

/** Lets pending promises and zero-delay timers (fetch, query notifications) run under fake timers. */
export async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await act(() => vi.advanceTimersByTimeAsync(0));
  }
}

/** Advances the fake clock by `ms`, letting everything it wakes up settle. */
export async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}

/** Calls matching a method and a path prefix. */
export const callsTo = (calls: ApiCall[], method: string, prefix: string) =>
  calls.filter((call) => call.method === method && call.path.startsWith(prefix));
