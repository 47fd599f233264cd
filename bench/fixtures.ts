// What the signed-in targets of npm run bench need: a bench account (signed up and signed in through
// the API, as a person would) and one post with 20 comments. Both are reused on the next run.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { comments, posts } from '../server/db/schema';

const ACCOUNT = {
  name: 'Bench Reader',
  email: 'bench-reader@example.co.zw',
  password: 'bench-reader-password-263',
  phoneNumber: '0719263263',
};
export const COMMENTS_PER_POST = 20;

/** Signs up (a 409 means an earlier run did) and signs in; returns the session cookie and user id. */
export async function signIn(appUrl: string): Promise<{ cookie: string; userId: number }> {
  const json = { 'content-type': 'application/json' };
  const signup = await fetch(`${appUrl}/api/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(ACCOUNT),
  });
  if (signup.status !== 201 && signup.status !== 409)
    throw new Error(`bench sign-up failed: ${signup.status} ${await signup.text()}`);
  const login = await fetch(`${appUrl}/api/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: ACCOUNT.email, password: ACCOUNT.password }),
  });
  if (login.status !== 200) throw new Error(`bench sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const { user_id } = (await login.json()) as { user_id: number };
  return { cookie: cookie.join('; '), userId: user_id };
}

/** The oldest visible published post, topped up to 20 comments by `userId` (written directly: the API throttles writes). */
export async function postWithComments(db: Db, userId: number): Promise<number> {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.isPublished, true), eq(posts.moderation, 'visible')))
    .orderBy(asc(posts.id))
    .limit(1);
  if (!post) throw new Error('no published post to comment on');
  const [existing] = await db.select({ n: count() }).from(comments).where(eq(comments.postId, post.id));
  const missing = COMMENTS_PER_POST - (existing?.n ?? 0);
  if (missing > 0) {
    await db.insert(comments).values(
      Array.from({ length: missing }, (_, i) => ({
        postId: post.id,
        userId,
        content: `Is this still available? I can collect in Harare on Saturday (bench comment ${i + 1}).`,
      })),
    );
    await db
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + ${missing}` })
      .where(eq(posts.id, post.id));
  }
  return post.id;
}
