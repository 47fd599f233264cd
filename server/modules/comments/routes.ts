// The comment calls of spec §7. Anyone who can see the post reads its comments (public pages from the
// comments cache, cleared by every write here: page.ts); writing needs a signed-in user. Every
// error body carries success:false (the contract's envelope).

import { actorOf, userOf } from '../../actor';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { commentsPageText } from './page';
import { countComments, createComment, editComment, removeComment } from './service';

export const commentRoutes: RoutesPlugin = async (app, deps) => {
  const limits = deps.config.writeLimits;
  const change = { rateLimit: perUser(limits.changeComment), invalidates: ['comments'] } as const;

  // The page comes as JSON text checked against the schema (page.ts).
  route(app, 'postComments', {}, async (request) =>
    commentsPageText(deps, request.params.postId, request.actor, request.query.cursor),
  );

  route(
    app,
    'createComment',
    { rateLimit: perUser(limits.createComment), invalidates: ['comments'] },
    async (request) => {
      const { postId, content } = request.body;
      const comment = await createComment(deps, actorOf(request), userOf(request).name, postId, content);
      return { success: true as const, comment };
    },
  );

  route(app, 'editComment', change, async (request) => {
    const comment = await editComment(deps, actorOf(request), request.params.id, request.body.content);
    return { success: true as const, comment };
  });

  route(app, 'deleteComment', change, async (request) => {
    await removeComment(deps, actorOf(request), request.params.id);
    return { success: true as const };
  });

  route(app, 'commentCount', {}, async (request) => ({
    success: true as const,
    count: await countComments(deps, request.params.postId, request.actor),
  }));
};
