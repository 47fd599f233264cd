// A fake comments API for the component tests: it keeps comments in memory, newest first, and can be
// told to fail a kind of call. Flags and refusals follow the real server's rule for the signed-in
// viewer (server/modules/comments/policy.ts): the author edits; the author or the post's owner deletes.
import type { CommentDto } from '../../../shared/api-types';
import { type ApiCall, fail, type Handler, ok, type Reply } from '../../test/render-app';

type Kind = 'list' | 'create' | 'update' | 'delete';

export interface FakeComments {
  comments: CommentDto[];
  failing: Set<Kind>;
  /** A call of this kind waits for the promise before it is answered. */
  holding: Partial<Record<Kind, Promise<void>>>;
  handler: Handler;
}

let nextId = 100;

export function comment(partial: Partial<CommentDto> & { content: string }, minutesAgo = 5): CommentDto {
  nextId += 1;
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return {
    id: nextId,
    createdAt: at,
    updatedAt: at,
    userId: 8,
    postId: 4,
    isEdited: false,
    editedAt: null,
    author: { id: 8, name: 'Tatenda Ncube', email: '', avatar: null },
    canEdit: false,
    canDelete: false,
    safetyWarning: null,
    moderation: 'visible',
    ...partial,
  };
}

/** n comments, newest first ('Comment 1' is the newest). */
export const comments = (n: number, minutesApart = 10) =>
  Array.from({ length: n }, (_, i) => comment({ content: `Comment ${i + 1}` }, (i + 1) * minutesApart));

/** The server's rule: `viewerId` may edit their own comments and delete those or any on their post. */
const allowed = (c: CommentDto, viewerId: number, postOwnerId: number | undefined) => ({
  canEdit: c.userId === viewerId,
  canDelete: c.userId === viewerId || postOwnerId === viewerId,
});

/** `postOwnerId`: the owner of the post the comments are on (unknown: nobody but the authors delete). */
export function fakeComments(initial: CommentDto[], viewerId = 7, postOwnerId?: number): FakeComments {
  const state: FakeComments = {
    comments: [...initial],
    failing: new Set(),
    holding: {},
    handler: () => undefined,
  };
  const flagged = (c: CommentDto): CommentDto => ({ ...c, ...allowed(c, viewerId, postOwnerId) });
  state.handler = async (call: ApiCall): Promise<Reply | undefined> => {
    const { method, path } = call;
    const kind: Kind | undefined =
      method === 'POST' ? 'create' : method === 'PUT' ? 'update' : method === 'DELETE' ? 'delete' : undefined;
    if (kind) await state.holding[kind];
    const body = call.body as { content?: string; postId?: number } | undefined;
    if (method === 'GET' && path.startsWith('/api/comments/count/')) {
      return ok({ success: true, count: state.comments.length });
    }
    if (method === 'GET' && path.startsWith('/api/comments/post/')) {
      if (state.failing.has('list')) return fail(500, 'Database unavailable');
      const pagination = { nextCursor: null, hasMore: false, total: state.comments.length };
      return ok({ success: true, data: { comments: state.comments.map(flagged), pagination } });
    }
    if (method === 'POST' && path === '/api/comments') {
      if (state.failing.has('create')) return fail(500, 'Database unavailable');
      const created = flagged(
        comment(
          {
            content: body?.content ?? '',
            userId: viewerId,
            author: { id: viewerId, name: 'Rudo Chikomo', email: '', avatar: null },
          },
          0,
        ),
      );
      state.comments.unshift(created);
      return { status: 201, body: { success: true, comment: created } };
    }
    const id = Number(path.split('/').pop());
    const index = state.comments.findIndex((c) => c.id === id);
    const target = state.comments[index];
    const may = target && allowed(target, viewerId, postOwnerId);
    if (method === 'PUT') {
      if (state.failing.has('update') || index < 0) return fail(500, 'Database unavailable');
      if (!may?.canEdit) return fail(403, 'Forbidden', 'forbidden');
      const edited = {
        ...(target as CommentDto),
        content: body?.content ?? '',
        isEdited: true,
      };
      state.comments[index] = edited;
      return ok({ success: true, comment: edited });
    }
    if (method === 'DELETE') {
      if (state.failing.has('delete') || index < 0) return fail(500, 'Database unavailable');
      if (!may?.canDelete) return fail(403, 'Forbidden', 'forbidden');
      state.comments.splice(index, 1);
      return ok({ success: true });
    }
    return undefined;
  };
  return state;
}
