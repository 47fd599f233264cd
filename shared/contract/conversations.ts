// Conversations between buyer and seller (issue 32), the unread counts and the live stream, blocking,
// and whether posts show one's phone number.
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from '../idempotency';
import { MSG } from '../messages';
import {
  blockedUsersSchema,
  chatMessageSchema,
  conversationSchema,
  conversationsPageSchema,
  messagesPageSchema,
  unreadCountsSchema,
} from '../schemas/conversations';
import { idSchema, messageBodySchema } from '../validation';
import { area } from './define';
import { postIdSchema } from './post-ref';

const conversationParams = z.object({ id: idSchema(MSG.messages.notFound) });
const cursorQuery = z.object({ cursor: z.string().max(200, { error: MSG.errors.invalidInput }).optional() });
/** The create-post rule (decision 026): a message sent twice with one key is stored once. */
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN, MSG.create.badIdempotencyKey).optional(),
});
const started = z.object({ conversation: conversationSchema, message: chatMessageSchema });

export const conversationCalls = area('conversations', {
  startConversation: {
    summary:
      "Ask a post's owner about it: 201 for a new conversation, 200 when one exists (the message is added)",
    description:
      'One conversation per post and buyer. 400 on your own post, 404 for a post you cannot see, 409 for a sold post (an existing conversation still works), 403 when either of you blocked the other.',
    body: z.object({ postId: postIdSchema, message: messageBodySchema }),
    responses: { 201: started, 200: started },
    errors: [400, 401, 403, 404, 409, 413, 429],
  },
  conversations: {
    summary: "The caller's conversations, latest activity first (keyset pages)",
    query: cursorQuery,
    responses: { 200: conversationsPageSchema },
    errors: [400, 401],
  },
  conversation: {
    summary: 'One conversation of the caller (404 for anyone else, moderators included)',
    params: conversationParams,
    responses: { 200: conversationSchema },
    errors: [400, 401, 404],
  },
  conversationMessages: {
    summary: "A conversation's messages, newest first (keyset pages)",
    params: conversationParams,
    query: cursorQuery,
    responses: { 200: messagesPageSchema },
    errors: [400, 401, 404],
  },
  sendMessage: {
    summary:
      'Send a message (1-2000 characters); an Idempotency-Key stores one message however often it is sent',
    params: conversationParams,
    headers: idempotencyHeaders,
    body: z.object({ message: messageBodySchema }),
    responses: { 201: z.object({ message: chatMessageSchema }) },
    errors: [400, 401, 403, 404, 413, 429],
  },
  readConversation: {
    summary: "Mark the caller's side of a conversation read",
    params: conversationParams,
    responses: { 200: z.object({ unread: z.literal(0) }) },
    errors: [400, 401, 404],
  },
  unreadCounts: {
    summary: "The caller's unread messages and notifications",
    responses: { 200: unreadCountsSchema },
    errors: [401],
  },
  events: {
    summary: "The caller's live events (text/event-stream): message, unread; Last-Event-ID replays 24 hours",
    description:
      'Each event has an id; a reconnect with Last-Event-ID (or ?lastEventId=) gets what it missed. A comment line every 25 s keeps proxies from closing it. At most 5 streams per user: a sixth closes the oldest.',
    query: z.object({ lastEventId: z.string().max(30).optional() }),
    responses: { 200: z.string() },
    errors: [401],
    stream: true,
  },
});

const userParams = z.object({ userId: idSchema(MSG.errors.invalidUserId) });

export const blockCalls = area('blocks', {
  blockUser: {
    summary:
      'Block someone: neither can message the other; their new comments on your posts are not shown to you',
    params: userParams,
    responses: { 200: z.object({ userId: z.number().int(), blocked: z.literal(true) }) },
    errors: [400, 401, 404, 429],
  },
  unblockUser: {
    summary: 'Unblock someone (unblocking one who is not blocked changes nothing)',
    params: userParams,
    responses: { 200: z.object({ userId: z.number().int(), blocked: z.literal(false) }) },
    errors: [400, 401, 429],
  },
  blockedUsers: {
    summary: 'The people the caller has blocked, most recent first',
    responses: { 200: blockedUsersSchema },
    errors: [401],
  },
});

const contactSettings = z.object({ showPhoneOnPosts: z.boolean('showPhoneOnPosts must be true or false.') });

export const contactCalls = area('users', {
  contactSettings: {
    summary: "Whether the caller's posts show their phone number",
    responses: { 200: contactSettings },
    errors: [401],
  },
  updateContactSettings: {
    summary:
      "Show or hide the caller's phone number on their posts (hidden: buyers see only 'Message seller')",
    body: contactSettings,
    responses: { 200: contactSettings },
    errors: [400, 401, 429],
  },
});
