// The page's first API answers, asked for by the boot script (web/boot.ts) as soon as the page is
// parsed instead of once the app's code has loaded and run (decision 037). The page's shell preloads
// them (server/plugins/web.ts); the boot script's fetch takes the preload, and the app's first call of
// the same URL (lib/http.ts) takes the answer. The two scripts are separate bundles: they meet on a
// global.
import { ACCEPT_JSON, withTimeout } from './request-defaults';

const ANSWERS = Symbol.for('marketplace.early-answers');

interface EarlyAnswer {
  /** The answer with its body read: the app may take it long after it came (slow JS, slow link). */
  answer: Promise<Response>;
  /** Stops the download when the app no longer wants it. */
  abort(): void;
  /** The page's address when it was asked for: only a call made there may take it. */
  address: string;
}

interface Answers {
  byUrl: Map<string, EarlyAnswer>;
  /** Set when the app's code starts: it asks for itself from then on, taking the preloads. */
  appStarted: boolean;
}

function answers(): Answers {
  const page = globalThis as { [ANSWERS]?: Answers };
  page[ANSWERS] ??= { byUrl: new Map(), appStarted: false };
  return page[ANSWERS];
}

const pageAddress = () => `${location.pathname}${location.search}`;

/**
 * GETs `url` as the app would, and keeps the answer for the app's first call of it. Undefined when the
 * app's code is already running (a boot script that came late): the app's own call takes the preload,
 * and a second request would be wasted.
 */
export function askEarly(url: string): Promise<Response> | undefined {
  const state = answers();
  if (state.appStarted) return undefined;
  const stop = new AbortController();
  const answer = fetch(url, {
    credentials: 'include',
    headers: ACCEPT_JSON,
    signal: withTimeout(stop.signal),
  }).then(
    // Read now: the timeout above would otherwise fail a body the app reads after it has passed.
    async (response) =>
      new Response((await response.text()) || null, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      }),
  );
  state.byUrl.set(url, { answer, abort: () => stop.abort(), address: pageAddress() });
  return answer;
}

/** Called as the app's code starts (main.tsx): from now on the app asks for itself. */
export function appStarted() {
  answers().appStarted = true;
}

/**
 * The early answer for a GET of `url`, once: a second call asks the server. None for a call made
 * from another address than the page was loaded at.
 */
export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  const { byUrl } = answers();
  const early = byUrl.get(url);
  byUrl.delete(url);
  return early?.address === pageAddress() ? early.answer : undefined;
}

/**
 * Drops the answers no call has taken, and stops their downloads. They were asked for the screen the
 * page was loaded at, and are only right for it: once the app goes elsewhere (a redirect to sign in,
 * say), a later call of the same URL must not get an answer from before.
 */
export function forgetEarlyAnswers() {
  const { byUrl } = answers();
  for (const early of byUrl.values()) early.abort();
  byUrl.clear();
}
