// Login-required routes (spec §2): 'Loading...' while the session is being checked, then /login for
// visitors. A user the browser remembers is shown the page at once while the server confirms.
import { Navigate, Outlet } from 'react-router';
import { Loading } from '../components/ui/page';
import { useAuth } from '../features/auth';

export function RequireAuth() {
  const { user, isAuthChecked } = useAuth();
  if (user) return <Outlet />;
  if (!isAuthChecked) return <Loading />;
  return <Navigate to="/login" replace />;
}
