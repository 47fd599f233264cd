// GET /users/{userId}: the web app's shell with the seller's Open Graph tags in <head>, so a shared
// seller link previews; the browser then renders the page from the API. An unknown or suspended
// account, or an id that cannot be one, gets the plain shell with 404 (the app says why). HEAD is
// answered by the same handler, as for /posts/{id}.

import type { FastifyInstance } from 'fastify';
import { parseId } from '../../../shared/ids';
import type { Deps } from '../../deps';
import { notFoundReply, sendNotFound } from '../../errors';
import { sendShell } from '../../plugins/web';
import { withTitle } from '../post-detail';
import { sellerHeadTags } from './og';
import { findSeller } from './service';

export function registerSellerPage(app: FastifyInstance, deps: Deps) {
  app.get('/users/:userId', { schema: { hide: true } }, async (request, reply) => {
    const id = parseId((request.params as { userId: string }).userId);
    const seller = id === null ? undefined : await findSeller(deps, id);
    const html = app.webShell.render(request, seller ? sellerHeadTags(seller, deps.config.publicUrl) : '');
    if (html === null) return sendNotFound(reply);
    return sendShell(seller ? reply : notFoundReply(reply), seller ? withTitle(html, seller.name) : html);
  });
}
