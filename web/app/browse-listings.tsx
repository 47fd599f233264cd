// 'Browse listings' for visitors (issue 16): the sign-up wall is not the only way in; /infinite is open
// to everyone, with search (issue 34). A button, not small print: above the sign-up form (the landing
// screen, so a phone shows it without scrolling) and under the sign-in form; the visitor header has the
// same link.
import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button';

export const BROWSE_LISTINGS = { to: '/infinite', label: 'Browse listings' } as const;

export function BrowseListingsLink({ className = 'mt-4' }: { className?: string }) {
  return (
    <div className={`flex flex-wrap items-center justify-between gap-x-3 gap-y-2 ${className}`}>
      <p className="text-slate-700">Just looking?</p>
      <Link to={BROWSE_LISTINGS.to} className={buttonClass('secondary', 'grow sm:grow-0')}>
        <Search aria-hidden="true" className="size-5" />
        {BROWSE_LISTINGS.label}
      </Link>
    </div>
  );
}
