// Mounted once by the layout: holds a signed-in tab's live connection (live.ts); draws nothing. Other
// features' events on the stream come as `listeners` (a constant).
import { useAuth } from '../../auth';
import { type LiveListener, useLiveEvents } from '../live';

function Live({ userId, listeners }: { userId: number; listeners?: readonly LiveListener[] }) {
  useLiveEvents(userId, listeners);
  return null;
}

export function LiveConnection({ listeners }: { listeners?: readonly LiveListener[] }) {
  const { isAuthenticated, user } = useAuth();
  return isAuthenticated && user ? <Live key={user.id} userId={user.id} listeners={listeners} /> : null;
}
