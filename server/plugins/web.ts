// Serves the built web app (dist/web) from the same origin as the API, from memory, pre-compressed
// (brotli or gzip, whichever the browser takes, written at build time). Hashed assets are immutable;
// index.html is revalidated so a deploy is picked up at once. Unknown non-API GETs get the app shell
// (client-side routes), and HEAD of them the same headers; unknown API paths get a JSON 404.
// index.html is read once, at start, and carries the configured display time zone in a <meta> the app
// reads before its first render (the setting is the server's, not the build's; no inline script, which
// the CSP forbids).
// /sw.js, the service worker (decision 025), is sent revalidated (no-cache, with an ETag) so the browser
// notices a new version on its next visit, and ends with a fingerprint of the shell this server sends:
// a restart that changes the shell (the time zone, the CSP) is a new worker too, which then caches it.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DISPLAY_TIME_ZONE_META } from '../../shared/catalog';
import { feedFilterFromParams, infiniteFilter, isRollingFeed } from '../../shared/feed-filter';
import { screenAt } from '../../shared/screens';
import type { Config } from '../config';
import { sendNotFound } from '../errors';
import { loadScreenCode } from './screen-code';
import { loadStaticFiles, serveStaticFiles } from './static-files';

export interface WebShell {
  /**
   * The app's index.html for this request's page: with its screen's code and first API calls
   * preloaded, and optionally extra tags for <head> (Open Graph on shared links). Null when the app
   * is not built.
   */
  render(request: FastifyRequest, headTags?: string): string | null;
}

export const webPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const indexFile = path.join(opts.config.webDist, 'index.html');
  const builtHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const indexHtml = builtHtml && withHeadTags(builtHtml, timeZoneMeta(opts.config.displayTimeZone));
  if (!indexHtml) app.log.warn({ webDist: opts.config.webDist }, 'web app not built; serving the API only');
  const screenCode = loadScreenCode(opts.config.webDist);

  const shell: WebShell = {
    render(request, headTags = '') {
      if (!indexHtml) return null;
      const [pathname = '/', search = ''] = request.url.split('?');
      const { screen, access } = screenAt(pathname);
      // A members' or the moderators' screen is shown only with a session cookie (a visitor is sent to
      // /login). The cookie is not looked up: a page must not wait on the database, and comes while it
      // is down (decision 035). A stale one costs a download, nothing more.
      const shown = access === 'anyone' || Boolean(request.cookies[opts.config.sessionCookie]);
      const page = { screen, search, shown };
      return withHeadTags(indexHtml, codePreloads(page, screenCode) + dataPreloads(page) + headTags);
    },
  };
  app.decorate('webShell', shell);

  // The build's files from memory (static-files.ts), pre-compressed at build time
  // (scripts/compress-assets.ts), so no response is compressed at request time. Not the build manifest
  // (.vite/, for bench/web-bundle.ts) nor the service worker (its own route below, never cached for
  // an hour like the other files).
  if (indexHtml)
    serveStaticFiles(
      app,
      loadStaticFiles(opts.config.webDist, (file) => file.startsWith('sw.js')),
    );

  const workerFile = path.join(opts.config.webDist, 'sw.js');
  if (indexHtml && existsSync(workerFile)) {
    let worker: ReturnType<typeof serviceWorkerScript> | undefined;
    app.get('/sw.js', { schema: { hide: true } }, (request, reply) => {
      // The worker serves the shell with the headers it was cached with: the CSP (set on this reply
      // too, the same for every response of this process) is part of the fingerprint, so a restart that
      // changes it (MEDIA_PUBLIC_URL adds an img-src) is a new worker, not old headers kept forever.
      worker ??= serviceWorkerScript(workerFile, `${indexHtml}${reply.getHeader('content-security-policy')}`);
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('etag', worker.etag);
      if (request.headers['if-none-match'] === worker.etag) return reply.status(304).send();
      const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
      reply.header('vary', 'accept-encoding');
      return gzip ? reply.header('content-encoding', 'gzip').send(worker.gzip) : reply.send(worker.text);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // HEAD is answered like GET (uptime monitors ask with it); Node sends the headers without the body.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0] ?? '');
    const html = isPage ? shell.render(request) : null;
    if (html) return sendShell(reply, html);
    return sendNotFound(reply);
  });
});

/** The built worker with the fingerprint of the shell (its HTML and headers) appended, gzipped once. */
function serviceWorkerScript(file: string, shellHtmlAndHeaders: string) {
  const shell = createHash('sha256').update(shellHtmlAndHeaders).digest('hex').slice(0, 16);
  const text = `${readFileSync(file, 'utf8')}\n// shell ${shell}\n`;
  const etag = `"${createHash('sha256').update(text).digest('hex').slice(0, 16)}"`;
  return { text, etag, gzip: gzipSync(text, { level: 9 }) };
}

const withHeadTags = (html: string, tags: string) => html.replace('</head>', () => `${tags}</head>`);

/** The zone is an IANA name (config.ts checks it: letters, digits, '_', '+', '-', '/'): nothing to escape. */
export const timeZoneMeta = (zone: string) => `<meta name="${DISPLAY_TIME_ZONE_META}" content="${zone}">`;

/** The page asked for: its screen, its query string, and whether the screen will be shown. */
interface Page {
  screen: string;
  search: string;
  shown: boolean;
}

/** The code of the page's screen, fetched with the entry (decision 035). */
function codePreloads({ screen, shown }: Page, screenCode: Map<string, string[]>): string {
  if (!shown) return '';
  return (
    (screenCode.get(screen) ?? [])
      // Low, as the entry's are (scripts/first-frame.ts): the page's first frame needs only HTML and CSS.
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`)
      .join('')
  );
}

/**
 * The API calls a screen makes first, requested by the browser with the page (rel=preload) instead of
 * after the app's code has loaded and run: the session check, and the feed of /infinite and of /home.
 * Each must be the app's own request (same URL, credentials included), which then takes the preloaded
 * answer; decision 006.
 */
function dataPreloads({ screen, search, shown }: Page): string {
  const urls = ['/api/verify-auth'];
  // Its rolling feed, unless a search or a type asks for the /home list instead (issue 34).
  if (
    screen === 'infinite' &&
    isRollingFeed(infiniteFilter(feedFilterFromParams(new URLSearchParams(search))))
  )
    urls.push('/api/first-payload');
  // The unfiltered list: the app adds no query string to it (an open ?post= keeps the list mounted).
  const unfiltered = [...new URLSearchParams(search).keys()].every((key) => key === 'post');
  if (screen === 'home' && shown && unfiltered) urls.push('/api/posts');
  return urls
    .map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`)
    .join('');
}

/** A page differs by whether the request has a session cookie (its preloads): never shared across it. */
export function sendShell(reply: FastifyReply, html: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Cookie')
    .send(html);
}

declare module 'fastify' {
  interface FastifyInstance {
    webShell: WebShell;
  }
}
