// Conversations between a buyer and a seller about a post (issue 32, decision 040). Every message is
// written with what it changes (each side's inbox row, the recipient's unread count) and the live
// events that say so, in one transaction; the streams are hinted after the commit. Rules: only the
// two people see a conversation (moderators too get a 404); either side blocking the other stops new
// messages both ways; a sold post takes no new conversation; the scam signals warn the recipient; the
// same text sent to a fifth person within an hour is held until a moderator releases it, and until
// then the recipient sees nothing of it.
import { sql } from 'drizzle-orm';
import { MAX_ID } from '../../../shared/ids';
import { MSG } from '../../../shared/messages';
import type { SignedInActor } from '../../actor';
import type { Executor } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../db/keyset';
import type { Deps } from '../../deps';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../errors';
import { DAY_MS } from '../../infra/clock';
import { claimKey, findAnswer, scopedKey, storeAnswer } from '../../infra/idempotency';
import { findUserById } from '../auth';
import { blockedAmong, isBlockedEitherWay } from '../blocks';
import { appendEvents, appendUnreadEvent, type NewEvent } from '../live';
import { loadPostFor } from '../posts';
import { detectScamSignals, messageFingerprint } from '../safety';
import { canReach } from './message-state';
import {
  type ChatMessage,
  type Conversation,
  isNewAccount,
  presentConversation,
  presentMessage,
} from './presenter';
import {
  type ConversationRow,
  canOpen,
  findConversationOf,
  findConversationView,
  inboxPage,
  insertConversation,
  insertMessage,
  lockConversationOf,
  markRead,
  messagesPage,
  recipientsOfText,
  touchMember,
} from './repo';

const HOUR_MS = 3_600_000;
/** The advisory lock space of a sender's messages (pg_advisory_xact_lock's first key). */
const SENDER_LOCK = 32;
/** The same text to this many other people within the hour: the next copy is held. */
export const SAME_TEXT_RECIPIENTS = 4;
const INBOX_PAGE = 20;
const MESSAGES_PAGE = 30;

const otherSide = (conversation: ConversationRow, userId: number) =>
  conversation.buyerId === userId ? conversation.sellerId : conversation.buyerId;

/** The users whose streams must look after the commit. */
type Notify = number[];

/** Counts a message against the sender's hourly limit (both calls that send one). */
async function countMessage({ counters, config, clock }: Deps, senderId: number) {
  const { max, timeWindow } = config.conversations.messages;
  const taken = await counters.take(
    [{ rule: { name: 'messages', max, windowMs: timeWindow }, key: String(senderId) }],
    clock.now().getTime(),
  );
  if (taken.retryAfterSeconds > 0)
    throw tooManyRequests(taken.retryAfterSeconds, MSG.errors.slowDown(wait(taken.retryAfterSeconds)));
}

/** Counts a new conversation against the day's limit: fewer for an account younger than a week. */
async function countConversation(deps: Deps, tx: Executor, buyerId: number) {
  const { counters, config, clock } = deps;
  const buyer = await findUserById(tx, buyerId);
  const young = buyer ? isNewAccount(buyer.createdAt, clock.now()) : true;
  const max = young ? config.conversations.newAccountPerDay : config.conversations.perDay;
  const taken = await counters.take(
    [
      {
        rule: { name: young ? 'new-conversations-young' : 'new-conversations', max, windowMs: DAY_MS },
        key: String(buyerId),
      },
    ],
    clock.now().getTime(),
  );
  if (taken.retryAfterSeconds > 0)
    throw tooManyRequests(
      taken.retryAfterSeconds,
      MSG.messages.tooManyConversations(wait(taken.retryAfterSeconds)),
    );
}

const wait = (seconds: number) =>
  seconds >= 3600 ? `${Math.ceil(seconds / 3600)} hours` : `${Math.max(1, Math.ceil(seconds / 60))} minutes`;

/**
 * Adds the sender's message to a conversation they are in: their inbox row, the recipient's (unless
 * the message is held) and the events, in the caller's transaction.
 */
async function addMessage(
  deps: Deps,
  tx: Executor,
  sender: SignedInActor,
  conversation: ConversationRow,
  body: string,
): Promise<{ message: ChatMessage; notify: Notify }> {
  const now = deps.clock.now();
  const recipientId = otherSide(conversation, sender.id);
  // One sender's messages one at a time (after the conversation's row lock, always in that order): the
  // same-text count below must see the sender's copies in flight, or parallel sends would all pass it.
  await tx.execute(sql`select pg_advisory_xact_lock(${SENDER_LOCK}, ${sender.id})`);
  // Blocked either way, or an account deleted: nobody to message.
  if (!(await canReach(tx, sender.id, recipientId))) throw forbidden(MSG.messages.blocked);
  const fingerprint = messageFingerprint(body);
  const others = await recipientsOfText(
    tx,
    sender.id,
    fingerprint,
    new Date(now.getTime() - HOUR_MS),
    recipientId,
  );
  const held = others >= SAME_TEXT_RECIPIENTS;
  const row = await insertMessage(tx, {
    conversationId: conversation.id,
    senderId: sender.id,
    body,
    scamSignals: detectScamSignals(body),
    fingerprint,
    moderation: held ? 'held' : 'visible',
    createdAt: now,
  });
  await touchMember(tx, conversation.id, sender.id, row, false);
  const events: NewEvent[] = [
    {
      userId: sender.id,
      kind: 'message',
      data: { conversationId: conversation.id, message: presentMessage(row, sender.id) },
    },
  ];
  if (!held) {
    await touchMember(tx, conversation.id, recipientId, row, true);
    events.push({
      userId: recipientId,
      kind: 'message',
      data: { conversationId: conversation.id, message: presentMessage(row, recipientId) },
    });
  }
  const notify = await appendEvents(tx, events, now);
  if (!held) await appendUnreadEvent(tx, recipientId, now);
  return { message: presentMessage(row, sender.id), notify };
}

async function viewOf(
  deps: Deps,
  db: Executor,
  conversationId: number,
  readerId: number,
): Promise<Conversation> {
  const row = await findConversationView(db, conversationId, readerId);
  if (!row?.activityAt) throw notFound(MSG.messages.notFound);
  const blocked = (await blockedAmong(db, readerId, [row.otherId])).size > 0;
  return presentConversation(row, blocked, deps.clock.now());
}

/**
 * POST /api/conversations: a buyer's message to a post's owner. A new conversation (created: true), or
 * the message added to the one this buyer already has about the post (which works even once the post
 * is sold).
 */
export async function startConversation(deps: Deps, actor: SignedInActor, postId: number, body: string) {
  const result = await deps.database.db.transaction(async (tx) => {
    const post = await loadPostFor(tx, actor, 'read', { id: postId });
    if (post.userId === actor.id) throw badRequest(MSG.messages.ownPost, { postId: MSG.messages.ownPost });
    // An existing conversation is locked as a send locks it (one order of locks everywhere).
    const existing = await findConversationOf(tx, postId, actor.id);
    let conversation = existing && (await lockConversationOf(tx, existing.id, actor.id));
    let created = false;
    if (!conversation) {
      if (post.status === 'sold') throw conflict(MSG.messages.sold);
      if (await isBlockedEitherWay(tx, actor.id, post.userId)) throw forbidden(MSG.messages.blocked);
      await countConversation(deps, tx, actor.id);
      const now = deps.clock.now();
      conversation = await insertConversation(tx, { postId, buyerId: actor.id, sellerId: post.userId, now });
      // Two first messages at once: the other one created it; this one joins it.
      created = conversation !== undefined;
      if (!conversation) {
        const other = await findConversationOf(tx, postId, actor.id);
        conversation = other && (await lockConversationOf(tx, other.id, actor.id));
      }
      if (!conversation) throw new Error('conversation vanished');
    }
    await countMessage(deps, actor.id);
    const { message, notify } = await addMessage(deps, tx, actor, conversation, body);
    return { created, message, notify, conversation: await viewOf(deps, tx, conversation.id, actor.id) };
  });
  deps.live.hint(result.notify);
  return result;
}

/**
 * POST /api/conversations/{id}/messages. With an Idempotency-Key, a repeat of the key by the same
 * sender answers the first answer and stores nothing (decision 026's rule; the key is scoped to the
 * conversation, so it never meets a create-post key or another conversation's).
 */
export async function sendMessage(
  deps: Deps,
  actor: SignedInActor,
  conversationId: number,
  body: string,
  idempotencyKey?: string,
): Promise<{ message: ChatMessage; replayed: boolean }> {
  const result = await deps.database.db.transaction(async (tx) => {
    const conversation = await lockConversationOf(tx, conversationId, actor.id);
    if (!conversation || !(await canOpen(tx, conversationId, actor.id)))
      throw notFound(MSG.messages.notFound);
    const key = idempotencyKey && scopedKey(`message:${conversationId}`, idempotencyKey);
    if (key && !(await claimKey(tx, actor.id, key, deps.clock.now()))) {
      const stored = await findAnswer(tx, actor.id, key);
      if (!stored) throw new Error('a claimed idempotency key has no row');
      return { message: (stored.response as { message: ChatMessage }).message, replayed: true, notify: [] };
    }
    await countMessage(deps, actor.id);
    const { message, notify } = await addMessage(deps, tx, actor, conversation, body);
    if (key) await storeAnswer(tx, actor.id, key, { statusCode: 201, response: { message } });
    return { message, replayed: false, notify };
  });
  deps.live.hint(result.notify);
  return { message: result.message, replayed: result.replayed };
}

/** GET /api/conversations: the caller's inbox, latest activity first. */
export async function listConversations(deps: Deps, actor: SignedInActor, cursor?: string) {
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (cursor && !after) throw badRequest(MSG.errors.invalidInput, { cursor: MSG.errors.invalidInput });
  const db = deps.database.db;
  const rows = await inboxPage(db, actor.id, { after, limit: INBOX_PAGE + 1 });
  const page = rows.slice(0, INBOX_PAGE);
  const blocked = await blockedAmong(db, actor.id, [...new Set(page.map((row) => row.otherId))]);
  const now = deps.clock.now();
  const last = page.at(-1);
  return {
    conversations: page.map((row) => presentConversation(row, blocked.has(row.otherId), now)),
    nextCursor: rows.length > INBOX_PAGE && last ? encodeCursor({ at: last.position, id: last.id }) : null,
  };
}

/** GET /api/conversations/{id}: 404 for anyone but its two people. */
export const getConversation = (deps: Deps, actor: SignedInActor, id: number) =>
  viewOf(deps, deps.database.db, id, actor.id);

const messageCursor = (id: number) => Buffer.from(`m${id}`).toString('base64url');
function beforeIdOf(cursor: string): number {
  const text = /^[A-Za-z0-9_-]{2,16}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString() : '';
  const match = /^m([1-9]\d{0,9})$/.exec(text);
  const id = Number(match?.[1]);
  if (!match || id > MAX_ID) throw badRequest(MSG.errors.invalidInput, { cursor: MSG.errors.invalidInput });
  return id;
}

/** GET /api/conversations/{id}/messages: what the caller can see, newest first. */
export async function listMessages(deps: Deps, actor: SignedInActor, id: number, cursor?: string) {
  const db = deps.database.db;
  const beforeId = cursor ? beforeIdOf(cursor) : undefined;
  if (!(await canOpen(db, id, actor.id))) throw notFound(MSG.messages.notFound);
  const rows = await messagesPage(db, id, actor.id, { beforeId, limit: MESSAGES_PAGE + 1 });
  const page = rows.slice(0, MESSAGES_PAGE);
  const last = page.at(-1);
  return {
    messages: page.map((row) => presentMessage(row, actor.id)),
    nextCursor: rows.length > MESSAGES_PAGE && last ? messageCursor(last.id) : null,
  };
}

/** POST /api/conversations/{id}/read: the caller's side read; their other tabs hear the new counts. */
export async function readConversation(deps: Deps, actor: SignedInActor, id: number) {
  const notify = await deps.database.db.transaction(async (tx) => {
    if (!(await canOpen(tx, id, actor.id))) throw notFound(MSG.messages.notFound);
    const now = deps.clock.now();
    // Read already: no row changes and no event (a tab marking read on every render costs nothing).
    if (!(await markRead(tx, id, actor.id, now))) return [];
    return appendUnreadEvent(tx, actor.id, now);
  });
  deps.live.hint(notify);
  return { unread: 0 as const };
}
