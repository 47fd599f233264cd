// GET /api/account/export (issue 31): everything the marketplace holds about the signed-in person, as
// they would want to read it: the profile, every post (drafts too) with its images' URLs, their
// comments, likes, saved posts, reports filed, and where they are signed in (never a session token).
import { asc, eq, inArray } from 'drizzle-orm';
import type { Answer } from '../../../shared/contract';
import type { Database } from '../../db/client';
import {
  comments,
  favourites,
  likes,
  postImages,
  postRowColumns,
  posts,
  reports,
  sessions,
  users,
} from '../../db/schema';
import { notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { type ImageRow, presentImage, presentItem } from '../posts';

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
  const [images, written, liked, saved, filed, signedIn] = await Promise.all([
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
    sessions: signedIn.map((s) => ({
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expiresAt),
      current: s.tokenHash === currentTokenHash,
    })),
  };
}
