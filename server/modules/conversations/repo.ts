// SQL of conversations (issue 32). A conversation has a row per side in conversation_members: where it
// sits in that person's inbox, the last message they can see and how many wait for them. Every
// function takes an executor (a transaction where the caller needs one).
import { and, asc, desc, eq, gt, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { type Currency, DEFAULT_CURRENCY } from '../../../shared/catalog';
import type { PostStatus } from '../../../shared/post-status';
import type { Executor } from '../../db/client';
import { type KeysetPosition, olderThan, positionOf } from '../../db/keyset';
import { conversationMembers, conversations, messages, posts, users } from '../../db/schema';
import { coverColumns, coverOfPost } from '../posts';

export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;

export async function findConversationOf(db: Executor, postId: number, buyerId: number) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.postId, postId), eq(conversations.buyerId, buyerId)));
  return row;
}

/** A new conversation with both sides' rows (out of both inboxes until a message they can see). */
export async function insertConversation(
  db: Executor,
  values: { postId: number; buyerId: number; sellerId: number; now: Date },
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .insert(conversations)
    .values({
      postId: values.postId,
      buyerId: values.buyerId,
      sellerId: values.sellerId,
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  await db.insert(conversationMembers).values([
    { conversationId: row.id, userId: values.buyerId },
    { conversationId: row.id, userId: values.sellerId },
  ]);
  return row;
}

/** The conversation if `userId` is one of its two people, its row locked for the caller's transaction. */
export async function lockConversationOf(db: Executor, id: number, userId: number) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, id),
        or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
      ),
    )
    .for('update');
  return row;
}

/**
 * Whether `userId` is one of the conversation's people and can see something in it: a seller whose
 * only message so far is held for review does not know the conversation exists.
 */
export async function canOpen(db: Executor, id: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.conversationId, id),
        eq(conversationMembers.userId, userId),
        sql`${conversationMembers.activityAt} is not null`,
      ),
    );
  return row !== undefined;
}

export async function insertMessage(
  db: Executor,
  values: Pick<
    MessageRow,
    'conversationId' | 'senderId' | 'body' | 'scamSignals' | 'fingerprint' | 'moderation' | 'createdAt'
  >,
): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  if (!row) throw new Error('message not stored');
  return row;
}

/** A side saw a new message: it moves to the top of their inbox; `unread` when it is for them. */
export async function touchMember(
  db: Executor,
  conversationId: number,
  userId: number,
  message: Pick<MessageRow, 'id' | 'createdAt'>,
  unread: boolean,
) {
  await db
    .update(conversationMembers)
    .set({
      activityAt: message.createdAt,
      lastMessageId: message.id,
      ...(unread ? { unread: sql`${conversationMembers.unread} + 1` } : {}),
    })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    );
}

/**
 * Works a side's row out again from the messages it can see (after a moderator hid or released one):
 * its last message, its place in the inbox, and how many it has not read.
 */
export async function refreshMember(db: Executor, conversationId: number, userId: number) {
  const seen = and(
    eq(messages.conversationId, conversationId),
    or(eq(messages.senderId, userId), eq(messages.moderation, 'visible')),
  );
  const [last] = await db
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(seen)
    .orderBy(desc(messages.id))
    .limit(1);
  const [member] = await db
    .select({ lastReadAt: conversationMembers.lastReadAt })
    .from(conversationMembers)
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.senderId, userId),
        eq(messages.moderation, 'visible'),
        member?.lastReadAt ? gt(messages.createdAt, member.lastReadAt) : undefined,
      ),
    );
  await db
    .update(conversationMembers)
    .set({ activityAt: last?.createdAt ?? null, lastMessageId: last?.id ?? null, unread: count?.n ?? 0 })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
    );
}

/** Marks the side read; answers whether anything was unread (nothing was: nothing changed). */
export async function markRead(db: Executor, conversationId: number, userId: number, now: Date) {
  const rows = await db
    .update(conversationMembers)
    .set({ unread: 0, lastReadAt: now })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
        gt(conversationMembers.unread, 0),
      ),
    )
    .returning({ userId: conversationMembers.userId });
  return rows.length > 0;
}

/**
 * How many other people the sender has sent this text to in the last hour (issue 32: the fifth and
 * later copies are held), not counting `recipientId` itself.
 */
export async function recipientsOfText(
  db: Executor,
  senderId: number,
  fingerprint: string,
  since: Date,
  recipientId: number,
): Promise<number> {
  const recipient = sql`case when ${conversations.buyerId} = ${senderId} then ${conversations.sellerId} else ${conversations.buyerId} end`;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${recipient})::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.senderId, senderId),
        eq(messages.fingerprint, fingerprint),
        gte(messages.createdAt, since),
        sql`${recipient} <> ${recipientId}`,
      ),
    );
  return row?.n ?? 0;
}

/** Conversations a user started since `since` (the per-day limit). */
export async function conversationsStartedSince(db: Executor, buyerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.buyerId, buyerId), gte(conversations.createdAt, since)));
  return row?.n ?? 0;
}

/** What a conversation shows its reader: their side, the other person, the post and the last message. */
function conversationView(db: Executor) {
  const cover = coverOfPost(db);
  const other = sql<number>`case when ${conversations.buyerId} = ${conversationMembers.userId} then ${conversations.sellerId} else ${conversations.buyerId} end`;
  return db
    .select({
      id: conversations.id,
      readerId: conversationMembers.userId,
      unread: conversationMembers.unread,
      activityAt: conversationMembers.activityAt,
      position: positionOf(conversationMembers.activityAt),
      otherId: users.id,
      otherName: users.name,
      otherSince: users.createdAt,
      otherGone: sql<boolean>`${users.deletedAt} is not null`,
      // A deleted post's conversation shows what was copied when it went, as sold (off the market).
      post: {
        id: conversations.postId,
        name: sql<string>`coalesce(${posts.name}, ${conversations.postName}, '')`,
        price: sql<string>`coalesce(${posts.price}, ${conversations.postPrice}, '')`,
        currency: sql<Currency>`coalesce(${posts.currency}, ${conversations.postCurrency}, ${DEFAULT_CURRENCY})`,
        status: sql<PostStatus>`coalesce(${posts.status}, 'sold')`,
      },
      cover: coverColumns(cover),
      last: {
        id: messages.id,
        senderId: messages.senderId,
        body: messages.body,
        scamSignals: messages.scamSignals,
        createdAt: messages.createdAt,
      },
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(users, eq(users.id, other))
    .leftJoin(posts, eq(posts.id, conversations.postId))
    .leftJoinLateral(cover, sql`true`)
    .leftJoin(messages, eq(messages.id, conversationMembers.lastMessageId));
}

export type ConversationViewRow = Awaited<ReturnType<ReturnType<typeof conversationView>['execute']>>[number];

/** One conversation as `readerId` sees it (undefined when they are not one of its people). */
export async function findConversationView(db: Executor, id: number, readerId: number) {
  const [row] = await conversationView(db).where(
    and(eq(conversationMembers.conversationId, id), eq(conversationMembers.userId, readerId)),
  );
  return row;
}

/** A page of a reader's inbox, latest activity first (conversations with nothing they can see are not in it). */
export function inboxPage(db: Executor, readerId: number, page: { after?: KeysetPosition; limit: number }) {
  return conversationView(db)
    .where(
      and(
        eq(conversationMembers.userId, readerId),
        sql`${conversationMembers.activityAt} is not null`,
        page.after
          ? olderThan(conversationMembers.activityAt, conversationMembers.conversationId, page.after)
          : undefined,
      ),
    )
    .orderBy(desc(conversationMembers.activityAt), desc(conversationMembers.conversationId))
    .limit(page.limit);
}

/** A page of the messages `readerId` can see, newest first, before message `beforeId`. */
export function messagesPage(
  db: Executor,
  conversationId: number,
  readerId: number,
  page: { beforeId?: number; limit: number },
) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        or(eq(messages.senderId, readerId), eq(messages.moderation, 'visible')),
        page.beforeId ? lt(messages.id, page.beforeId) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(page.limit);
}

/** A message with its conversation, the message row locked (a report or a moderator's decision). */
export async function lockMessage(db: Executor, id: number) {
  const [row] = await db
    .select({ message: messages, conversation: conversations })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, id))
    // The conversation too, as a send locks it: its inbox rows then change in one order everywhere.
    .for('update', { of: [messages, conversations] });
  return row;
}

export async function setMessageModeration(
  db: Executor,
  id: number,
  state: MessageRow['moderation'],
  now: Date,
) {
  await db.update(messages).set({ moderation: state, reviewedAt: now }).where(eq(messages.id, id));
}

/** The `count` messages before `id` in its conversation, oldest first (what a moderator reads around a report). */
export async function messagesBefore(db: Executor, conversationId: number, id: number, count: number) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), lt(messages.id, id)))
    .orderBy(desc(messages.id))
    .limit(count);
  return rows.reverse();
}

/**
 * The messages the review queue shows (issue 32): those held for review (oldest first, at most
 * `limit`) and those with open reports, each once, with its conversation and its post's name.
 */
export async function messagesForReview(db: Executor, reportedIds: number[], limit: number) {
  const columns = {
    message: messages,
    conversation: conversations,
    postName: sql<string>`coalesce(${posts.name}, ${conversations.postName}, '')`,
  };
  const base = () =>
    db
      .select(columns)
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .leftJoin(posts, eq(posts.id, conversations.postId));
  const [held, reported] = await Promise.all([
    base().where(eq(messages.moderation, 'held')).orderBy(asc(messages.createdAt)).limit(limit),
    reportedIds.length === 0 ? [] : base().where(inArray(messages.id, reportedIds)),
  ]);
  return [...new Map([...held, ...reported].map((row) => [row.message.id, row])).values()];
}

/**
 * Before posts are deleted: their conversations keep the name, price and currency they showed, so the
 * two people still see what they talked about (and a moderator what a reported message was about).
 */
export async function keepPostDetails(db: Executor, postIds: number[]) {
  if (postIds.length === 0) return;
  await db
    .update(conversations)
    .set({ postName: posts.name, postPrice: posts.price, postCurrency: posts.currency })
    .from(posts)
    .where(and(eq(posts.id, conversations.postId), inArray(posts.id, postIds)));
}
