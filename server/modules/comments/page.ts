// GET /api/comments/post/:postId: a post's comments, newest first, PAGE_SIZE a page, as JSON text.
// A busy post's comments are read many times a second (every open detail page polls them), and a
// public post's pages are the same for every reader who cannot see any of its kept-back comments
// (nearly everyone: they exist only while moderation holds one or its author is suspended). So each
// such page is read, presented and checked against the response schema once per FEED_CACHE_MS, and
// each reader gets it with only their own canEdit/canDelete set. Everyone else (the author of a held
// comment, a moderator while one exists, the owner of a post that is not public, an owner who has
// blocked someone: blocked-authors.ts) is read alone.
import { commentsPageSchema } from '../../../shared/schemas/engagement';
import type { Actor } from '../../actor';
import { decodeCursor, encodeCursor, type KeysetPosition } from '../../db/keyset';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import type { JsonText } from '../../infra/read-cache';
import { hidesBlockedAuthors } from './blocked-authors';
import { type CommentVisibilityFields, commentFlags, commentVisibility } from './policy';
import { presentComment } from './presenter';
import { type CommentWithAuthor, keptBackComments, type PostComments, postWithComments } from './repo';

export const PAGE_SIZE = 50;

export const INVALID_CURSOR = 'Invalid cursor';

type PageDeps = Pick<Deps, 'database' | 'commentsCache'>;
type PageResponse = ReturnType<typeof commentsPageSchema.parse>;

/** A page present() has checked, as the JSON text the route sends. */
const asJson = (page: PageResponse) => JSON.stringify(page) as JsonText<PageResponse>;

function positionIn(cursor: string) {
  const position = decodeCursor(cursor);
  if (!position) throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  return position;
}

/** The page as the response says it, checked against its schema. */
function present(post: PostComments, rows: CommentWithAuthor[], actor: Actor): PageResponse {
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  const hasMore = rows.length > PAGE_SIZE;
  return commentsPageSchema.parse({
    success: true,
    data: {
      comments: page.map((row) => presentComment(row, row.authorName, post.userId, actor)),
      pagination: {
        nextCursor: hasMore && last ? encodeCursor({ at: last.position, id: last.id }) : null,
        hasMore,
        total: post.commentCount,
      },
    },
  });
}

/** A public post's page as a visitor sees it, with what decides who may be served it. */
interface SharedPage {
  response: PageResponse;
  text: JsonText<PageResponse>;
  postOwnerId: number;
  /** The visibility fields of the post's comments that are not public (usually none). */
  keptBack: CommentVisibilityFields[];
}

async function sharedPage({ database, commentsCache }: PageDeps, postId: number, after?: KeysetPosition) {
  const key = after ? `${postId}:${after.at}:${after.id}` : `${postId}`;
  return commentsCache.get(key, async (): Promise<SharedPage | undefined> => {
    const found = await postWithComments(database.db, postId, null, PAGE_SIZE + 1, after);
    if (!found) return undefined; // not public: each reader is checked alone
    const response = present(found.post, found.comments, null);
    // Once per post, not per page: a cursor is the reader's to choose.
    const keptBack = await commentsCache.get(`${postId}:kept-back`, () =>
      keptBackComments(database.db, postId),
    );
    return { response, text: asJson(response), postOwnerId: found.post.userId, keptBack };
  });
}

/** The shared page with the reader's own flags: the cached text itself when they have none. */
function forReader({ response, text, postOwnerId }: SharedPage, actor: Actor): JsonText<PageResponse> {
  const comments = response.data.comments;
  const flags = comments.map((comment) => commentFlags(actor, { userId: comment.userId, postOwnerId }));
  if (!flags.some((own) => own.canEdit || own.canDelete)) return text;
  const own = comments.map((comment, i) => ({ ...comment, ...flags[i] }));
  return asJson({ ...response, data: { ...response.data, comments: own } });
}

/** The page the actor may read, as the response's JSON text; 404 when the post is not there for them. */
export async function commentsPageText(deps: PageDeps, postId: number, actor: Actor, cursor?: string) {
  const after = cursor ? positionIn(cursor) : undefined;
  if (deps.commentsCache.enabled) {
    const shared = await sharedPage(deps, postId, after);
    if (
      shared &&
      !shared.keptBack.some((comment) => commentVisibility.canSee(actor, comment)) &&
      !(await hidesBlockedAuthors(deps, actor, shared.postOwnerId))
    )
      return forReader(shared, actor);
  }
  const found = await postWithComments(deps.database.db, postId, actor, PAGE_SIZE + 1, after);
  if (!found) throw notFound();
  return asJson(present(found.post, found.comments, actor));
}
