// SQL for comments. Lists are keyset-paginated on (created_at desc, id desc), the comments_post_idx order.
import { and, desc, eq, not, sql } from 'drizzle-orm';
import { type Actor, isModerator } from '../../actor';
import type { Executor } from '../../db/client';
import { type KeysetPosition, olderThan, positionOf } from '../../db/keyset';
import { comments, posts, users } from '../../db/schema';
import { statementCache } from '../../db/statement-cache';
import { type PostVisibilityFields, postVisibility } from '../posts';
import { notHiddenByBlock } from './blocked-authors';
import { type CommentVisibilityFields, commentVisibility, publicComment } from './policy';

export type CommentRecord = typeof comments.$inferSelect;
/** A comment with its author's name and, for cursors, its exact creation time as UTC text. */
export type CommentWithAuthor = CommentRecord & { authorName: string; position: string };
/** A comment with what the post policy needs of the post it belongs to. */
export type CommentInPost = CommentWithAuthor & { post: PostVisibilityFields };

const withAuthor = {
  id: comments.id,
  postId: comments.postId,
  userId: comments.userId,
  content: comments.content,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  editedAt: comments.editedAt,
  moderation: comments.moderation,
  authorSuspended: comments.authorSuspended,
  scamSignals: comments.scamSignals,
  reviewedAt: comments.reviewedAt,
  authorName: users.name,
  position: positionOf(comments.createdAt).as('position'),
};

/** Who reads decides the SQL (posts/policy.ts, ./policy.ts): one statement per kind of reader. */
const readerOf = (actor: Actor) => (actor === null ? 'visitor' : isModerator(actor) ? 'moderator' : 'member');

function buildCommentsPage(db: Executor, actor: Actor, withCursor: boolean) {
  const actorId = sql.placeholder('actorId');
  const page = db
    .select(withAuthor)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(
      and(
        eq(comments.postId, posts.id),
        commentVisibility.visibleTo(actor, actorId),
        actor === null ? undefined : notHiddenByBlock(actorId),
        withCursor
          ? olderThan(comments.createdAt, comments.id, {
              at: sql.placeholder('afterTs'),
              id: sql.placeholder('afterId'),
            })
          : undefined,
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(sql.placeholder('limit'))
    .as('page');
  return db
    .select({ userId: posts.userId, commentCount: posts.commentCount, comment: page._.selectedFields })
    .from(posts)
    .leftJoinLateral(page, sql`true`)
    .where(and(eq(posts.id, sql.placeholder('postId')), postVisibility.visibleTo(actor, actorId)))
    .orderBy(desc(page.createdAt), desc(page.id))
    .prepare(`comments_page_${readerOf(actor)}${withCursor ? '_after' : ''}`);
}

const commentPages = statementCache<ReturnType<typeof buildCommentsPage>>(6);

/**
 * A post the actor may see, with up to `limit` of its comments the actor may read, newest first,
 * strictly after the cursor when given; undefined when the post is not there for the actor. One
 * prepared query: reading the post and then its comments was two round trips, and drizzle building
 * the SQL on every request was a third of the call's CPU.
 */
export async function postWithComments(
  db: Executor,
  postId: number,
  actor: Actor,
  limit: number,
  after?: KeysetPosition,
): Promise<{ post: PostComments; comments: CommentWithAuthor[] } | undefined> {
  const shape = `${readerOf(actor)}${after ? '_after' : ''}`;
  const statement = commentPages(db, shape, () => buildCommentsPage(db, actor, after !== undefined));
  const rows = await statement.execute({
    postId,
    actorId: actor?.id,
    limit,
    afterTs: after?.at,
    afterId: after?.id,
  });
  const [first] = rows;
  if (!first) return undefined;
  return {
    post: { userId: first.userId, commentCount: first.commentCount },
    comments: rows.flatMap((row) => (row.comment ? [row.comment] : [])),
  };
}

/** What a comments page needs of its post. */
export interface PostComments {
  userId: number;
  commentCount: number;
}

/**
 * Who sees more of a post's comments than a visitor: the distinct visibility fields of the comments it
 * has that are not public (kept back by moderation, or by a suspended author). Usually none.
 */
export function keptBackComments(db: Executor, postId: number): Promise<CommentVisibilityFields[]> {
  return db
    .selectDistinct(commentVisibility.columns)
    .from(comments)
    .where(and(eq(comments.postId, postId), not(publicComment)));
}

export async function findComment(db: Executor, id: number): Promise<CommentInPost | undefined> {
  const [row] = await db
    .select({ ...withAuthor, post: postVisibility.columns })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, id))
    .limit(1);
  return row;
}

/**
 * A comment's visibility fields and its post's, the comment row locked for the caller's transaction
 * (a report or a moderator's decision on it counts one after another).
 */
export async function lockCommentInPost(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      ...commentVisibility.columns,
      post: postVisibility.columns,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, id))
    .for('update', { of: comments });
  return row;
}

export async function insertComment(
  db: Executor,
  values: { postId: number; userId: number; content: string; scamSignals: string[] },
): Promise<CommentRecord> {
  const [row] = await db.insert(comments).values(values).returning();
  if (!row) throw new Error('comment insert returned no row');
  return row;
}

/**
 * Replaces the content and marks the comment edited; undefined when it no longer exists.
 * `reviewedAt: null` puts a warned comment back in the moderation queue.
 */
export async function updateCommentContent(
  db: Executor,
  id: number,
  values: { content: string; scamSignals: string[]; reviewedAt: Date | null },
): Promise<CommentRecord | undefined> {
  const [row] = await db
    .update(comments)
    .set({ ...values, updatedAt: sql`now()`, editedAt: sql`now()` })
    .where(eq(comments.id, id))
    .returning();
  return row;
}

/** Deletes a comment; what it was (its post, whether it counted), or undefined when already gone. */
export async function deleteComment(db: Executor, id: number) {
  const [row] = await db.delete(comments).where(eq(comments.id, id)).returning({
    postId: comments.postId,
    moderation: comments.moderation,
    authorSuspended: comments.authorSuspended,
  });
  return row;
}

export async function addToCommentCount(db: Executor, postId: number, delta: number): Promise<void> {
  await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + ${delta}` })
    .where(eq(posts.id, postId));
}
