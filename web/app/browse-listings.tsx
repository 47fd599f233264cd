// 'Browse listings' for visitors (issue 16): the sign-up wall is not the only way in; /infinite is open
// to everyone. Shown under the sign-in and sign-up forms (the visitor header has the same link).
import { Link } from 'react-router';

export const BROWSE_LISTINGS = { to: '/infinite', label: 'Browse listings' } as const;

export function BrowseListingsLink() {
  return (
    <p className="mt-4 text-center text-sm text-slate-700">
      Just looking?{' '}
      <Link to={BROWSE_LISTINGS.to} className="font-medium text-brand-800 underline">
        {BROWSE_LISTINGS.label}
      </Link>
    </p>
  );
}
