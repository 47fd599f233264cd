// The list at /notifications (issue 33): newest first, older ones on 'Show older' (keyset pages). An
// unread row is marked by a dot, bold text and, for screen readers, the word 'Unread'; opening a row
// goes to its page and marks it read. 'Mark all as read' marks every one and sets the header's count to
// the server's answer. New ones arrive from the live stream (live.ts) while the list is open.
import {
  BadgeDollarSign,
  Bell,
  Clock,
  Heart,
  type LucideIcon,
  MessageSquare,
  Search,
  ShieldAlert,
  Tag,
} from 'lucide-react';
import { type MouseEvent, useMemo } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/page';
import { When } from '../../../components/ui/when';
import { safeReturnPath } from '../../../lib/return-path';
import { type Notification, useNotifications, useReadNotifications } from '../api';
import { useUnreadNotifications } from './notifications-bell';
import { ScreenLinks } from './screen-links';

const ICONS: Record<Notification['kind'], LucideIcon> = {
  comment: MessageSquare,
  like: Heart,
  moderation: ShieldAlert,
  expiring: Clock,
  expired: Clock,
  'saved-search': Search,
  'favourite-sold': Tag,
  'favourite-price': BadgeDollarSign,
};

/** How a button that keeps its focus while it takes no taps (aria-disabled) looks. */
const QUIET_WHEN_OFF = 'aria-disabled:cursor-not-allowed aria-disabled:text-slate-500';

function Row({ notification, onOpen }: { notification: Notification; onOpen(id: number): void }) {
  const unread = !notification.read;
  const Icon = ICONS[notification.kind] ?? Bell;
  // The server writes same-site paths; anything else opens the list again rather than another site.
  const to = safeReturnPath(notification.link) ?? '/notifications';
  const open = () => {
    if (unread) onOpen(notification.id);
  };
  // A middle click opens it in a new tab: it is read all the same.
  const openAux = (event: MouseEvent) => {
    if (event.button === 1) open();
  };
  return (
    <li>
      <Link
        to={to}
        onClick={open}
        onAuxClick={openAux}
        className={`flex min-h-11 items-start gap-3 px-3 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 ${
          unread ? 'bg-brand-50/60' : ''
        }`}
      >
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
        <span className="min-w-0 flex-1">
          <span className={`block break-words ${unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>
            {unread ? <span className="sr-only">{`${MSG.notifications.unreadMark}: `}</span> : null}
            {notification.text}
          </span>
          <When at={notification.createdAt} className="text-sm text-slate-600" />
        </span>
        {unread ? (
          <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-brand-700" />
        ) : null}
      </Link>
    </li>
  );
}

export function NotificationList() {
  const list = useNotifications();
  const read = useReadNotifications();
  const notifications = useMemo(
    () => list.data?.pages.flatMap((page) => page.notifications) ?? [],
    [list.data],
  );
  // Unread ones may be on pages not loaded yet: the header's count knows.
  const unreadCount = useUnreadNotifications();
  const anyUnread = unreadCount > 0 || notifications.some((n) => !n.read);

  if (list.isPending) return <Loading />;
  if (list.isError && !list.data)
    return (
      <div className="space-y-4">
        <Alert tone="error">{MSG.errors.internal}</Alert>
        <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {MSG.messages.tryAgain}
        </Button>
      </div>
    );

  // aria-disabled rather than disabled: the button keeps the focus while its call is on its way.
  const markingAll = read.isPending && read.variables === undefined;
  const markAll = () => {
    if (!markingAll && anyUnread) read.mutate(undefined);
  };
  const loadingOlder = list.isFetchingNextPage;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        {notifications.length > 0 ? (
          <Button
            variant="secondary"
            onClick={markAll}
            aria-disabled={markingAll || !anyUnread}
            className={QUIET_WHEN_OFF}
          >
            {MSG.notifications.markAllRead}
          </Button>
        ) : null}
        <ScreenLinks />
      </div>
      {notifications.length === 0 ? (
        <Card frame="dashed" padding="none" className="px-4 py-12 text-center">
          <p className="text-slate-700">{MSG.notifications.empty}</p>
        </Card>
      ) : (
        <Card as="section" frame="outlined" padding="none" aria-label={MSG.notifications.title}>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl">
            {notifications.map((notification) => (
              <Row key={notification.id} notification={notification} onOpen={(id) => read.mutate([id])} />
            ))}
          </ul>
        </Card>
      )}
      {list.isFetchNextPageError ? <Alert tone="error">{MSG.errors.internal}</Alert> : null}
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => {
              if (!loadingOlder) void list.fetchNextPage();
            }}
            aria-disabled={loadingOlder}
            aria-busy={loadingOlder}
            className={QUIET_WHEN_OFF}
          >
            {MSG.notifications.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
