// A feed screen's search and filters in its URL (/home and /infinite), replaced as they change so Back
// leaves the list rather than undoing each keystroke.
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type FeedFilter, feedFilterFromParams } from '../../../shared/feed-filter';
import { withFilters } from './filters';

export function useFilterUrlState() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parsed filters change only with the text
  const filters = useMemo(() => feedFilterFromParams(params), [key]);

  // A change is written over the URL as it is now, not as this render saw it: the search box commits
  // 300 ms after the typing, from a closure of that time, and a type tapped meanwhile must stay
  // (issue 34). The router's own setter reads the params of the render that made it.
  const setFilters = useCallback(
    (change: Partial<FeedFilter>) => {
      const next = withFilters(new URLSearchParams(window.location.search), change);
      navigate({ search: `?${next}` }, { replace: true });
    },
    [navigate],
  );
  return { filters, setFilters };
}
