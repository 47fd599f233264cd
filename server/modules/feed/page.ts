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

export function registerInfinitePage(app: FastifyInstance, deps: Deps) {
  app.get('/infinite', { schema: { hide: true } }, async (request, reply) => {
    const html = app.webShell.render(request, await firstCoverPreload(request, deps));
    if (html === null) return reply.status(404).send({ message: MSG.errors.notFound });
    return sendShell(reply, html);
  });
}

/** A browser that asks to save data starts with text-only cards (Data saver, decision 026). */
const savesData = (request: FastifyRequest) =>
  request.headers['save-data'] === 'on' || /^(slow-2g|2g|3g)$/.test(String(request.headers.ect ?? ''));

/**
 * The first card's cover as <link rel=preload>, from the same cached first payload the page then asks
 * for (GET /api/first-payload), so the URL is the one the card draws. None without a cover, for a
 * browser that saves data, or when the feed cannot be read now (the page comes without it, and the
 * feed's own call reports the fault).
 */
async function firstCoverPreload(request: FastifyRequest, deps: Deps): Promise<string> {
  if (savesData(request)) return '';
  try {
    const text = await deps.feedCache.json('first-payload', firstPayloadSchema, () => firstPayload(deps));
    const url = (JSON.parse(text) as { posts: RollingFeedItem[] }).posts[0]?.cover?.thumbUrl;
    return url ? `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high">` : '';
  } catch {
    return '';
  }
}
