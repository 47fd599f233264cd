// The header's bell (issue 33): the unread notifications count, kept current by the live stream's
// `unread` events on every screen (Data saver does not touch it: the count is a few bytes and
// notifications carry no pictures). Its name says the count ('Notifications, 3 unread'); the badge's
// number is hidden from readers. Only drawn for a signed-in reader.
import { Bell } from 'lucide-react';
import { NavLink } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { UnreadCountBadge, useUnreadCounts } from '../../conversations';

export const useUnreadNotifications = () => useUnreadCounts(true).data?.notifications ?? 0;

export function NotificationsBell({ onClick, className = '' }: { onClick(): void; className?: string }) {
  const count = useUnreadNotifications();
  return (
    <NavLink
      to="/notifications"
      onClick={onClick}
      aria-label={MSG.notifications.bell(count)}
      className={({ isActive }) =>
        `relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-brand-700 ${
          isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'
        } ${className}`
      }
    >
      <Bell aria-hidden="true" />
      <UnreadCountBadge count={count} className="absolute -top-0.5 -right-0.5" />
    </NavLink>
  );
}
