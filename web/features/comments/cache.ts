// Pure updates of a post's cached comment pages (newest first), used by the mutations: a new comment
// goes on top, an edit replaces in place, a delete removes (and a failed delete puts it back in order).
import type { InfiniteData } from '@tanstack/react-query';
import type { CommentDto, CommentsPage } from '../../../shared/api-types';

export type CommentPages = InfiniteData<CommentsPage, unknown>;

/** Every loaded comment, newest first, each once (pages can overlap after a refresh). */
export function flatten(data: CommentPages | undefined): CommentDto[] {
  const seen = new Set<number>();
  const all: CommentDto[] = [];
  for (const page of data?.pages ?? []) {
    for (const comment of page.data.comments) {
      if (seen.has(comment.id)) continue;
      seen.add(comment.id);
      all.push(comment);
    }
  }
  return all;
}

/** The server's count of all the post's comments (not only the loaded ones). */
export const totalOf = (data: CommentPages | undefined): number | undefined =>
  data?.pages[0]?.data.pagination.total;

function mapPages(
  data: CommentPages,
  change: (comments: CommentDto[], index: number) => CommentDto[],
  totalDelta = 0,
): CommentPages {
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      data: {
        comments: change(page.data.comments, index),
        pagination: { ...page.data.pagination, total: Math.max(0, page.data.pagination.total + totalDelta) },
      },
    })),
  };
}

const newerFirst = (a: CommentDto, b: CommentDto) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

export function addComment(data: CommentPages | undefined, comment: CommentDto): CommentPages | undefined {
  if (!data || flatten(data).some((c) => c.id === comment.id)) return data;
  // Into the first page whose comments reach back past it (the last page otherwise), in order.
  const last = data.pages.length - 1;
  const target = data.pages.findIndex(
    (page, index) => index === last || page.data.comments.some((c) => newerFirst(comment, c) < 0),
  );
  return mapPages(
    data,
    (comments, index) => (index === target ? [...comments, comment].sort(newerFirst) : comments),
    1,
  );
}

export const replaceComment = (data: CommentPages | undefined, comment: CommentDto) =>
  data && mapPages(data, (comments) => comments.map((c) => (c.id === comment.id ? comment : c)));

export const removeComment = (data: CommentPages | undefined, id: number) =>
  data && flatten(data).some((c) => c.id === id)
    ? mapPages(data, (comments) => comments.filter((c) => c.id !== id), -1)
    : data;
