// The list at /saved-searches (issue 33): each saved search reads as its label, with how many posts
// were listed since it was last opened. Opening one shows /home with its fields in the address (the
// /home URL state of shared/feed-filter.ts) and tells the server it was seen; Delete removes it, and
// the focus moves to the row that takes its place.
import { Search, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/page';
import { Toast, useToast } from '../../../components/ui/toast';
import { clientErrorReason } from '../../../lib/http';
import { type SavedSearch, useDeleteSavedSearch, useSavedSearches, useSeeSavedSearch } from '../api';
import { homeHref } from '../saved-search-fields';

function Row({
  search,
  deleting,
  onOpen,
  onDelete,
  linkRef,
}: {
  search: SavedSearch;
  deleting: boolean;
  onOpen(): void;
  onDelete(): void;
  linkRef(link: HTMLAnchorElement | null): void;
}) {
  return (
    <li>
      <Card frame="outlined" padding="none" className="flex items-center gap-1 p-1">
        <Link
          ref={linkRef}
          to={homeHref(search)}
          onClick={onOpen}
          className="flex min-h-11 min-w-0 flex-1 items-start gap-3 rounded-lg px-3 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <Search aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
          <span className="min-w-0 flex-1">
            <span className="block font-medium break-words text-slate-900">{search.label}</span>
            {search.newCount > 0 ? (
              <span className="mt-1 block">
                <Badge tone="success">{MSG.savedSearches.newPosts(search.newCount)}</Badge>
              </span>
            ) : null}
          </span>
        </Link>
        <Button
          variant="ghost"
          onClick={onDelete}
          aria-disabled={deleting}
          className="shrink-0 px-3 aria-disabled:cursor-wait aria-disabled:text-slate-500"
        >
          <Trash2 aria-hidden="true" className="size-5" />
          {MSG.savedSearches.delete}
          {/* 'Delete', then which one: each row's button has its own name. */}
          <span className="sr-only">{` ${search.label}`}</span>
        </Button>
      </Card>
    </li>
  );
}

export function SavedSearchList() {
  const list = useSavedSearches();
  const see = useSeeSavedSearch();
  const remove = useDeleteSavedSearch();
  const { toast, show } = useToast();
  const links = useRef(new Map<number, HTMLAnchorElement>());
  const emptyRef = useRef<HTMLParagraphElement>(null);
  // After a delete: the row to focus (its id), or null for the empty state.
  const [focusNext, setFocusNext] = useState<number | null | undefined>(undefined);

  const searches = list.data?.savedSearches ?? [];

  useEffect(() => {
    if (focusNext === undefined) return;
    if (focusNext === null) emptyRef.current?.focus();
    else links.current.get(focusNext)?.focus();
    setFocusNext(undefined);
  }, [focusNext]);

  if (list.isPending) return <Loading />;
  if (list.isError && !list.data)
    return (
      <div className="space-y-4">
        <Alert tone="error">{MSG.errors.internal}</Alert>
        <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {MSG.messages.tryAgain}
        </Button>
      </div>
    );

  const onDelete = (search: SavedSearch) => {
    if (remove.isPending && remove.variables === search.id) return;
    const index = searches.findIndex((s) => s.id === search.id);
    const next = searches[index + 1] ?? searches[index - 1];
    remove.mutate(search.id, {
      onSuccess: () => {
        setFocusNext(next ? next.id : null);
        show(MSG.savedSearches.deleted);
      },
      onError: (error) => show(clientErrorReason(error) ?? MSG.errors.internal, 'error'),
    });
  };

  return (
    <>
      {searches.length === 0 ? (
        <Card frame="dashed" padding="none" className="px-4 py-12 text-center">
          <p ref={emptyRef} tabIndex={-1} className="text-slate-700 focus:outline-none">
            {MSG.savedSearches.empty}
          </p>
        </Card>
      ) : (
        <ul className="space-y-3" aria-label={MSG.savedSearches.title}>
          {searches.map((search) => (
            <Row
              key={search.id}
              search={search}
              deleting={remove.isPending && remove.variables === search.id}
              onOpen={() => see.mutate(search.id)}
              onDelete={() => onDelete(search)}
              linkRef={(link) => {
                if (link) links.current.set(search.id, link);
                else links.current.delete(search.id);
              }}
            />
          ))}
        </ul>
      )}
      <Toast toast={toast} />
    </>
  );
}
