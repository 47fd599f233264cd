// The /home address of a saved search: its fields as /home's URL state (shared/feed-filter.ts).
export function homeLink(fields: {
  search: string | null;
  type: string | null;
  category: string | null;
  city: string | null;
  sellOrBuy?: string | null;
  sell_or_buy?: string | null;
  currency: string | null;
}): string {
  const params = new URLSearchParams();
  const set = (name: string, value: string | null | undefined) => {
    if (value) params.set(name, value);
  };
  set('search', fields.search);
  set('type', fields.type);
  set('category', fields.category);
  set('city', fields.city);
  set('sell_or_buy', fields.sellOrBuy ?? fields.sell_or_buy);
  set('currency', fields.currency);
  return `/home?${params.toString()}`;
}
