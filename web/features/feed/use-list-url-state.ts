// The /home screen's state in its URL: the search and filters (use-filter-url-state.ts) and the post
// open in place (?post=id, pushed, so Back closes it). Closing returns to the grid at the scroll position it was left at, focus on that card.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { PostWrapper } from '../../../shared/api-types';
import { parseId } from '../../../shared/ids';
import { useFilterUrlState } from './use-filter-url-state';

const OPEN_PARAM = 'post';

export function useListUrlState() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { filters, setFilters } = useFilterUrlState();
  const openParam = params.get(OPEN_PARAM);
  const openId = openParam === null ? null : (parseId(openParam) ?? Number.NaN);
  const [preview, setPreview] = useState<PostWrapper>();
  const left = useRef<{ scrollY: number; postId: number } | null>(null);

  const open = useCallback(
    (post: PostWrapper) => {
      left.current = { scrollY: window.scrollY, postId: post.id };
      setPreview(post);
      const next = new URLSearchParams(params);
      next.set(OPEN_PARAM, String(post.id));
      navigate({ search: `?${next}` }, { state: { openedFromList: true } });
      window.scrollTo(0, 0);
    },
    [params, navigate],
  );

  const close = useCallback(() => {
    if ((location.state as { openedFromList?: boolean } | null)?.openedFromList) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete(OPEN_PARAM);
    setParams(next, { replace: true });
  }, [location.state, navigate, params, setParams]);

  // Back on the list (by the button or the browser): where the reader was, on the card they opened.
  useLayoutEffect(() => {
    if (openParam !== null || !left.current) return;
    const { scrollY, postId } = left.current;
    left.current = null;
    window.scrollTo(0, scrollY);
    document.querySelector<HTMLElement>(`a[href="/posts/${postId}"]`)?.focus({ preventScroll: true });
  }, [openParam]);

  return {
    filters,
    setFilters,
    /** The post open in place: its id, NaN for a malformed ?post=, null for the list. */
    openId,
    preview: preview && preview.id === openId ? preview : undefined,
    open,
    close,
  };
}
