// 'Save this search' on /home (issue 33): shown while a search or any filter is set, it saves those
// fields (the order is not part of a saved search) and says so; past the most a person may keep, the
// server's reason shows instead. Once saved it reads 'Search saved' until the search or a filter
// changes. A visitor's tap goes to sign-in, which comes back here.
import { BellPlus, Check } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FeedFilter } from '../../../../shared/feed-filter';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Toast, useToast } from '../../../components/ui/toast';
import { clientErrorReason } from '../../../lib/http';
import { useAuth, useSignInHref } from '../../auth';
import { useCreateSavedSearch } from '../api';
import { savedSearchFields } from '../saved-search-fields';

export function SaveSearchButton({ filter, className = '' }: { filter: FeedFilter; className?: string }) {
  const { isAuthenticated, user } = useAuth();
  const signedIn = isAuthenticated && user !== null;
  const signInHref = useSignInHref();
  const navigate = useNavigate();
  const create = useCreateSavedSearch();
  const { toast, show } = useToast();
  // Which fields were saved: the button reads 'Search saved' while they are still the ones in view.
  const [savedKey, setSavedKey] = useState<string | null>(null);

  const fields = savedSearchFields(filter);
  const key = fields ? JSON.stringify(fields) : null;
  const saved = key !== null && key === savedKey;
  // aria-disabled rather than disabled: the button keeps the focus while it saves and once saved.
  const off = saved || create.isPending;

  const onClick = () => {
    if (!fields || off) return;
    if (!signedIn) {
      navigate(signInHref);
      return;
    }
    create.mutate(fields, {
      onSuccess: () => {
        setSavedKey(key);
        show(MSG.savedSearches.saved);
      },
      onError: (error) => show(clientErrorReason(error) ?? MSG.errors.internal, 'error'),
    });
  };

  return (
    <>
      {fields ? (
        <div className={className}>
          <Button
            variant="secondary"
            onClick={onClick}
            aria-disabled={off}
            className="aria-disabled:cursor-default"
          >
            {saved ? (
              <Check aria-hidden="true" className="size-5 text-brand-700" />
            ) : (
              <BellPlus aria-hidden="true" className="size-5" />
            )}
            {saved ? MSG.savedSearches.alreadySaved : MSG.savedSearches.save}
          </Button>
        </div>
      ) : null}
      <Toast toast={toast} />
    </>
  );
}
