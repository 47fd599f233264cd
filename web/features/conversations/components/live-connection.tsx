// Mounted once by the layout: holds a signed-in tab's live connection (live.ts); draws nothing.
import { useAuth } from '../../auth';
import { useLiveEvents } from '../live';

function Live({ userId }: { userId: number }) {
  useLiveEvents(userId);
  return null;
}

export function LiveConnection() {
  const { isAuthenticated, user } = useAuth();
  return isAuthenticated && user ? <Live key={user.id} userId={user.id} /> : null;
}
