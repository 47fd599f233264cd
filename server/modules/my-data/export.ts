// GET /api/account/export (issue 31): everything the marketplace holds about the signed-in person, as
// they would want to read it: the profile, every post (drafts too) with its images' URLs, their
// comments, likes, saved posts, reports filed, their conversations (the messages they can see), whom
// they blocked, and where they are signed in (never a session token).
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Answer } from '../../../shared/contract';
import type { Database } from '../../db/client';
import {
  blocks,
  comments,
  conversationMembers,
  conversations,
  favourites,
  likes,
  messages,
  postImages,
  postRowColumns,
  posts,
  reports,
  sessions,
  users,
} from '../../db/schema';
import { notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { notificationsOf } from '../notifications';
import { type ImageRow, presentImage, presentItem } from '../posts';
import { savedSearchesOf } from '../saved-searches';

type AccountExport = Answer<'exportAccount'>;

const iso = (date: Date) => date.toISOString();

export async function exportAccount(
  { database, clock }: { database: Database; clock: Clock },
  userId: number,
  currentTokenHash: string,
): Promise<AccountExport> {
  const db = database.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  const own = await db
    .select(postRowColumns)
    .from(posts)
    .where(eq(posts.userId, userId))
    .orderBy(asc(posts.id));
  const [images, written, liked, saved, filed, signedIn, talks, blockedRows, told, searches] =
    await Promise.all([
      own.length === 0
        ? []
        : db
            .select()
            .from(postImages)
            .where(
              inArray(
                postImages.postId,
                own.map((post) => post.id),
              ),
            )
            .orderBy(asc(postImages.postId), asc(postImages.position)),
      db.select().from(comments).where(eq(comments.userId, userId)).orderBy(asc(comments.id)),
      db.select().from(likes).where(eq(likes.userId, userId)).orderBy(asc(likes.createdAt)),
      db.select().from(favourites).where(eq(favourites.userId, userId)).orderBy(asc(favourites.createdAt)),
      db.select().from(reports).where(eq(reports.reporterId, userId)).orderBy(asc(reports.id)),
      db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)),
      conversationsOf(database, userId),
      db
        .select({ userId: blocks.blockedId, name: users.name, blockedAt: blocks.createdAt })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(eq(blocks.blockerId, userId))
        .orderBy(asc(blocks.createdAt)),
      notificationsOf(db, userId),
      savedSearchesOf(db, userId),
    ]);
  const imagesOf = new Map<number, ImageRow[]>();
  for (const image of images) imagesOf.set(image.postId, [...(imagesOf.get(image.postId) ?? []), image]);
  return {
    exportedAt: iso(clock.now()),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      phoneNumber: user.phoneNumber,
      role: user.role,
      memberSince: iso(user.createdAt),
      showPhoneOnPosts: user.showPhoneOnPosts,
    },
    posts: own.map((post) => ({
      item: presentItem(post),
      createdAt: iso(post.createdAt),
      images: (imagesOf.get(post.id) ?? []).map(presentImage),
    })),
    comments: written.map((c) => ({
      id: c.id,
      postId: c.postId,
      content: c.content,
      createdAt: iso(c.createdAt),
    })),
    likes: liked.map((like) => ({ postId: like.postId, likedAt: iso(like.createdAt) })),
    favourites: saved.map((fav) => ({ postId: fav.postId, savedAt: iso(fav.createdAt) })),
    reports: filed.map((r) => ({
      targetType: r.targetType,
      targetId: r.targetId,
      reason: r.reason,
      note: r.note,
      status: r.status,
      createdAt: iso(r.createdAt),
    })),
    conversations: talks,
    blocked: blockedRows.map((b) => ({ userId: b.userId, name: b.name, blockedAt: iso(b.blockedAt) })),
    ...told,
    savedSearches: searches,
    sessions: signedIn.map((s) => ({
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expiresAt),
      current: s.tokenHash === currentTokenHash,
    })),
  };
}

/** The person's conversations, oldest first, each with the messages they can see, oldest first. */
async function conversationsOf(database: Database, userId: number): Promise<AccountExport['conversations']> {
  const db = database.db;
  const other = alias(users, 'other');
  const rows = await db
    .select({
      id: conversations.id,
      postId: conversations.postId,
      postName: sql<string>`coalesce(${posts.name}, ${conversations.postName}, '')`,
      with: other.name,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .leftJoin(posts, eq(posts.id, conversations.postId))
    .innerJoin(
      other,
      eq(
        other.id,
        sql`case when ${conversations.buyerId} = ${userId} then ${conversations.sellerId} else ${conversations.buyerId} end`,
      ),
    )
    // Not a conversation whose only messages are held from them: they never saw it.
    .where(and(eq(conversationMembers.userId, userId), isNotNull(conversationMembers.activityAt)))
    .orderBy(asc(conversations.id));
  if (rows.length === 0) return [];
  const seen = await db
    .select()
    .from(messages)
    .where(
      and(
        inArray(
          messages.conversationId,
          rows.map((row) => row.id),
        ),
        or(eq(messages.senderId, userId), eq(messages.moderation, 'visible')),
      ),
    )
    .orderBy(asc(messages.id));
  return rows.map((row) => ({
    ...row,
    messages: seen
      .filter((m) => m.conversationId === row.id)
      .map((m) => ({ fromMe: m.senderId === userId, body: m.body, sentAt: iso(m.createdAt) })),
  }));
}
