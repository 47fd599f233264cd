// The favourites calls (issue 14): save and unsave a post, which posts are saved, and the saved list.
// Whether one post is saved lives under its own key (saved(postId)): the detail fetches it, the cards
// have it filled by one status call per page of cards (useSavedState), and a toggle flips it at once
// and puts it back if the server refuses.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../lib/client';
import { httpErrorText, retryUnlessClientError } from '../../lib/http';

export const favouritesKeys = {
  all: ['favourites'] as const,
  list: ['favourites', 'list'] as const,
  saved: (postId: number) => ['favourites', 'saved', postId] as const,
  status: (postIds: readonly number[]) => ['favourites', 'status', postIds.join(',')] as const,
};

export const fetchSavedIds = (postIds: readonly number[], signal?: AbortSignal) =>
  call('favouriteStatus', { query: { postIds: postIds.join(',') } }, { signal });

export const setSaved = (postId: number, saved: boolean) =>
  call(saved ? 'saveFavourite' : 'unsaveFavourite', { params: { postId } });

export const fetchFavourites = (cursor: string | null, signal?: AbortSignal) =>
  call('favourites', { query: { cursor: cursor ?? undefined } }, { signal });

/** One post: saved or not (a signed-in user only). */
export const savedQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: favouritesKeys.saved(postId),
    queryFn: async ({ signal }) => (await fetchSavedIds([postId], signal)).postIds.includes(postId),
  });

/** A /home page of cards is 12: one status call per page, so a new page does not ask again for the old. */
const CHUNK = 12;

/**
 * Fills the saved state of the given cards' posts, one call per chunk of 12 (the server takes 50).
 * Only for a signed-in user.
 */
export function useSavedState(postIds: readonly number[], enabled: boolean) {
  const queryClient = useQueryClient();
  const chunks: number[][] = [];
  for (let i = 0; i < postIds.length; i += CHUNK) chunks.push(postIds.slice(i, i + CHUNK));
  useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: favouritesKeys.status(chunk),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const saved = new Set((await fetchSavedIds(chunk, signal)).postIds);
        for (const id of chunk) queryClient.setQueryData(favouritesKeys.saved(id), saved.has(id));
        return [...saved];
      },
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
    })),
    // The answers are in each post's saved entry, which its button reads: nothing here to redraw the
    // page (and every card) for when a call answers.
    combine: answersNothing,
  });
}

const answersNothing = () => null;

/** Saves or unsaves a post: the state flips before the call and goes back if it fails. */
export function useToggleSaved(postId: number) {
  const queryClient = useQueryClient();
  const key = favouritesKeys.saved(postId);
  return useMutation({
    mutationFn: (saved: boolean) => setSaved(postId, saved),
    onMutate: async (saved) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<boolean>(key);
      queryClient.setQueryData(key, saved);
      return { previous };
    },
    onError: (error, _saved, context) => {
      queryClient.setQueryData(key, context?.previous);
      console.warn(`Save failed: ${httpErrorText(error)}`);
    },
    onSuccess: ({ saved }) => queryClient.setQueryData(key, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKeys.list }),
  });
}

export const favouritesInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: favouritesKeys.list,
    queryFn: ({ pageParam, signal }) => fetchFavourites(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: retryUnlessClientError,
  });

/** The signed-in user's saved posts, newest saved first. */
export const useFavouritesList = () => useInfiniteQuery(favouritesInfiniteQueryOptions());
