// Login-required routes (spec §2): 'Loading...' while the session is being checked, then /login for
// visitors. A user the browser remembers is shown the page at once while the server confirms.
// Moderator routes (issue 11) also need the moderator role: a member sees 'not allowed'. The server
// refuses members anyway (403); this only keeps them from a screen that cannot work for them.
import { Link, Navigate, Outlet } from 'react-router';
import { MSG } from '../../shared/messages';
import { Loading, Page } from '../components/ui/page';
import { useAuth } from '../features/auth';

export function RequireAuth() {
  const { user, isAuthChecked } = useAuth();
  if (user) return <Outlet />;
  if (!isAuthChecked) return <Loading />;
  return <Navigate to="/login" replace />;
}

export function RequireModerator() {
  const { user, isAuthChecked } = useAuth();
  if (user?.role === 'moderator') return <Outlet />;
  // A remembered user's role may be out of date (or missing, stored before roles): wait for the check.
  if (!isAuthChecked) return <Loading />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <Page title="Not allowed">
      <p className="text-slate-700">
        {MSG.auth.forbidden}{' '}
        <Link to="/home" className="font-medium text-brand-800 underline">
          Go to the posts
        </Link>
      </p>
    </Page>
  );
}
