import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loading } from '../components/ui/page';
import { LiveConnection } from '../features/conversations';
import { notificationsLive } from '../features/notifications';
import { forgetEarlyAnswers } from '../lib/early-answers';
import { ConnectionNotices } from './connection-notices';
import { Header } from './header';

/** The other features' events on the tab's one live stream (a constant: a new list opens a new stream). */
const LIVE_LISTENERS = [notificationsLive];

export function Layout() {
  // One loading boundary per screen: leaving a screen whose code is still loading (About tapped, then
  // Back at once) must not leave the next screen inside that boundary. Preact restores a suspended
  // boundary's old children when the late code arrives, which blanked the page the reader went back to.
  const { pathname, key } = useLocation();
  // The answers the boot script asked for are for the screen the page was loaded at (decision 037).
  // Its key is not always 'default': a reloaded page keeps the history entry's.
  const firstKey = useRef(key);
  useEffect(() => {
    if (key !== firstKey.current) forgetEarlyAnswers();
  }, [key]);
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <LiveConnection listeners={LIVE_LISTENERS} />
      <ConnectionNotices />
      <main className="flex-1">
        <Suspense key={pathname} fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
