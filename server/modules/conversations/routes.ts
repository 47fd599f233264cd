// /api/conversations* (issue 32): start or continue a conversation about a post, the inbox, a thread's
// messages, sending with an Idempotency-Key, and reading. The limits are the service's (messages an
// hour, new conversations a day), counted across both calls that send a message; in front of them a
// per-user flood guard on each write keeps a burst of requests from reaching the database.
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/idempotency';
import { actorOf } from '../../actor';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import {
  getConversation,
  listConversations,
  listMessages,
  readConversation,
  sendMessage,
  startConversation,
} from './service';

export const conversationRoutes: RoutesPlugin = async (app, deps) => {
  const noStore = { 'cache-control': 'private, no-store' };
  const limits = deps.config.conversations;
  const send = { rateLimit: perUser(limits.sendRequests), invalidates: [] } as const;

  route(app, 'startConversation', send, async (request, reply) => {
    const { postId, message } = request.body;
    const result = await startConversation(deps, actorOf(request), postId, message);
    if (result.created) reply.status(201);
    else reply.status(200);
    return { conversation: result.conversation, message: result.message };
  });

  route(app, 'conversations', {}, async (request, reply) => {
    reply.headers(noStore);
    return listConversations(deps, actorOf(request), request.query.cursor || undefined);
  });

  route(app, 'conversation', {}, async (request, reply) => {
    reply.headers(noStore);
    return getConversation(deps, actorOf(request), request.params.id);
  });

  route(app, 'conversationMessages', {}, async (request, reply) => {
    reply.headers(noStore);
    return listMessages(deps, actorOf(request), request.params.id, request.query.cursor || undefined);
  });

  route(app, 'sendMessage', send, async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    const answer = await sendMessage(deps, actorOf(request), request.params.id, request.body.message, key);
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return { message: answer.message };
  });

  route(
    app,
    'readConversation',
    { rateLimit: perUser(limits.readRequests), invalidates: [] },
    async (request) => readConversation(deps, actorOf(request), request.params.id),
  );
};
