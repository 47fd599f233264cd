// A saved search's fields are the /home filter's (shared/feed-filter.ts) but the order: from the
// filter in view when saving, and back into /home's address when opening one.
import { FEED_FILTER_KEYS, type FeedFilter } from '../../../shared/feed-filter';
import type { SavedSearch, SavedSearchFields } from './api';

type SavedSearchKey = Exclude<(typeof FEED_FILTER_KEYS)[number], 'sort'>;

export const SAVED_SEARCH_KEYS = FEED_FILTER_KEYS.filter((key): key is SavedSearchKey => key !== 'sort');

/** The fields of `filter` that are set, or null when none is (nothing to save). */
export function savedSearchFields(filter: FeedFilter): SavedSearchFields | null {
  const fields: Partial<Record<SavedSearchKey, string>> = {};
  for (const key of SAVED_SEARCH_KEYS) {
    const value = key === 'search' ? filter.search.trim() : filter[key];
    if (value) fields[key] = value;
  }
  return Object.keys(fields).length > 0 ? (fields as SavedSearchFields) : null;
}

/** /home showing a saved search: '/home?search=honda+fit&city=Bulawayo'. */
export function homeHref(search: SavedSearch): string {
  const params = new URLSearchParams();
  for (const key of SAVED_SEARCH_KEYS) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `/home?${query}` : '/home';
}
