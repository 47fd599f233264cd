// GET /posts/{postId}: the web app's shell with the post's Open Graph tags in <head>, so a shared link
// previews in WhatsApp and on social sites; the browser then renders the post from the API as usual.
// An unknown or hidden post gets the plain shell with status 404 (the app shows 'Post data not found').
// HEAD is answered by the same handler (Fastify's exposed HEAD route sends the headers only).

import type { FastifyInstance } from 'fastify';
import { parseId } from '../../../shared/ids';
import type { Deps } from '../../deps';
import { notFoundReply, sendNotFound } from '../../errors';
import { sendShell } from '../../plugins/web';
import { postHeadTags, withTitle } from './og';
import { findPostDetail } from './service';

export function registerPostPage(app: FastifyInstance, deps: Deps) {
  app.get('/posts/:postId', { schema: { hide: true } }, async (request, reply) => {
    const id = parseId((request.params as { postId: string }).postId);
    const post = id === null ? undefined : (await findPostDetail(deps, id, request.actor))?.post;
    const html = app.webShell.render(request, post ? postHeadTags(post, deps.config.publicUrl) : '');
    if (html === null) return sendNotFound(reply);
    const name = post?.Product?.name ?? post?.Service?.name;
    return sendShell(post ? reply : notFoundReply(reply), name ? withTitle(html, name) : html);
  });
}
