// 'Report' for a post or a comment: signed-in users open the report dialog (not on their own things,
// which the server refuses anyway); visitors are sent to sign in. `context` finishes the accessible
// name ('Report' + ' comment by Rudo'), so several Report buttons on one screen stay distinct.
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ReportTarget } from '../../../../shared/moderation';
import { buttonClass } from '../../../components/ui/button';
import { useAuth, useSignInHref } from '../../auth';
import { ReportDialog } from './report-dialog';

export function ReportButton({
  targetType,
  targetId,
  ownerId,
  context,
  className = '',
}: {
  targetType: ReportTarget;
  targetId: number;
  /** The post's or comment's author: no Report for them. Unknown (still loading): shown. */
  ownerId?: number;
  context: string;
  className?: string;
}) {
  const { user, isAuthenticated } = useAuth();
  // Signing in from here comes back here (a visitor from a shared link keeps the post).
  const signInHref = useSignInHref();
  const [open, setOpen] = useState(false);
  // Each opening starts a fresh dialog (a new key): no answer or choice left from the last one.
  const [openings, setOpenings] = useState(0);
  if (user && ownerId === user.id) return null;
  const classes = buttonClass('ghost', `text-slate-700 ${className}`);
  const label = (
    <>
      <Flag aria-hidden="true" className="size-4" />
      Report<span className="sr-only"> {context}</span>
    </>
  );
  if (!isAuthenticated || !user) {
    return (
      <Link to={signInHref} className={classes}>
        {label}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={classes}
        aria-haspopup="dialog"
        onClick={() => {
          setOpenings((n) => n + 1);
          setOpen(true);
        }}
      >
        {label}
      </button>
      {openings > 0 ? (
        <ReportDialog
          key={openings}
          open={open}
          targetType={targetType}
          targetId={targetId}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
