// A fake comments API for the component tests: it keeps comments in memory, newest first, and can be
// told to fail a kind of call. Flags are those the real server computes for the signed-in viewer.
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
    ...partial,
  };
}

/** n comments, newest first ('Comment 1' is the newest). */
export const comments = (n: number, minutesApart = 10) =>
  Array.from({ length: n }, (_, i) => comment({ content: `Comment ${i + 1}` }, (i + 1) * minutesApart));

export function fakeComments(initial: CommentDto[], viewerId = 7): FakeComments {
  const state: FakeComments = {
    comments: [...initial],
    failing: new Set(),
    holding: {},
    handler: () => undefined,
  };
  const mine = (c: CommentDto) => ({
    ...c,
    canEdit: c.userId === viewerId,
    canDelete: c.userId === viewerId,
  });
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
      return ok({ success: true, data: { comments: state.comments, pagination } });
    }
    if (method === 'POST' && path === '/api/comments') {
      if (state.failing.has('create')) return fail(500, 'Database unavailable');
      const created = mine(
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
    if (method === 'PUT') {
      if (state.failing.has('update') || index < 0) return fail(500, 'Database unavailable');
      const edited = {
        ...(state.comments[index] as CommentDto),
        content: body?.content ?? '',
        isEdited: true,
      };
      state.comments[index] = edited;
      return ok({ success: true, comment: edited });
    }
    if (method === 'DELETE') {
      if (state.failing.has('delete') || index < 0) return fail(500, 'Database unavailable');
      state.comments.splice(index, 1);
      return ok({ success: true });
    }
    return undefined;
  };
  return state;
}
