// GET /infinite: the web app's shell with the rolling feed's first cover preloaded (decision 035). That
// image is the page's largest paint; named in <head>, the browser fetches it with the page instead of
// after the app has drawn its card. HEAD is answered by the same handler.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RollingFeedItem } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { firstPayloadSchema } from '../../../shared/schemas/post';
import type { Deps } from '../../deps';
import { sendShell } from '../../plugins/web';
import { escapeHtml } from '../post-detail/og';
import { firstPayload } from './service';

/** How long the page waits for the first payload: a slow database must not hold the page back. */
const COVER_WAIT_MS = 100;

export function registerInfinitePage(app: FastifyInstance, deps: Deps) {
  app.get('/infinite', { schema: { hide: true } }, async (request, reply) => {
    if (!app.webShell.built) return reply.status(404).send({ message: MSG.errors.notFound });
    return sendShell(reply, app.webShell.render(request, await firstCoverPreload(request, deps)) ?? '');
  });
}

/**
 * The first card's cover as <link rel=preload>, from the same cached first payload the page then asks
 * for (GET /api/first-payload), so the URL is the one the card draws. None without a cover, for a
 * browser that asks to save data (its cards start text only, decision 026), or when the feed cannot be
 * read within COVER_WAIT_MS (the page comes without it; the read goes on and fills the cache for the
 * page's own call, which reports any fault).
 */
async function firstCoverPreload(request: FastifyRequest, deps: Deps): Promise<string> {
  if (request.headers['save-data'] === 'on' || deps.database.state !== 'up') return '';
  const payload = deps.feedCache.json('first-payload', firstPayloadSchema, () => firstPayload(deps));
  payload.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(resolve, COVER_WAIT_MS, null);
  });
  try {
    const text = await Promise.race([payload, late]);
    if (text === null) return '';
    const url = (JSON.parse(text) as { posts: RollingFeedItem[] }).posts[0]?.cover?.thumbUrl;
    return url ? `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high">` : '';
  } catch {
    return '';
  } finally {
    clearTimeout(timer);
  }
}
