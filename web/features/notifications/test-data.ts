// Notifications and saved searches as the API answers them, for this feature's component tests.
import type { Notification, SavedSearch } from './api';

export function notification(id: number, fields: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'comment',
    text: `Notification ${id}`,
    link: `/posts/${id}`,
    createdAt: new Date(Date.now() - id * 60_000).toISOString(),
    read: false,
    actors: [],
    count: 1,
    ...fields,
  };
}

export function savedSearch(id: number, fields: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id,
    search: null,
    type: null,
    category: null,
    city: null,
    sell_or_buy: null,
    currency: null,
    label: `Search ${id}`,
    newCount: 0,
    createdAt: '2026-05-01T10:00:00.000Z',
    ...fields,
  };
}
