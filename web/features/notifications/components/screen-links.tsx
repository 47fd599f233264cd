// Links between the notifications' screens: the saved searches (also from /saved) and the email
// settings, from /notifications.
import { Search, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';

const LINK_CLASS =
  'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 font-medium text-brand-800 underline-offset-4 hover:bg-slate-100 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700';

export function SavedSearchesLink() {
  return (
    <Link to="/saved-searches" className={LINK_CLASS}>
      <Search aria-hidden="true" className="size-4" />
      {MSG.savedSearches.title}
    </Link>
  );
}

export function ScreenLinks() {
  return (
    <>
      <SavedSearchesLink />
      <Link to="/settings/notifications" className={LINK_CLASS}>
        <Settings aria-hidden="true" className="size-4" />
        {MSG.notifications.settingsLink}
      </Link>
    </>
  );
}
