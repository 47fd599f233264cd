// The unread messages count in the header (issue 32): kept current by the live stream's `unread`
// events, so it rises while the reader is on any screen. Nothing is shown at 0. Only drawn for a
// signed-in reader (the page's first frame, drawn before anyone is known, has no query client).
import { MessageCircle } from 'lucide-react';
import { NavLink } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { useUnreadCounts } from '../api';

/** '3', '99+', for a badge; its words for screen readers come from `unreadLabel`. */
export const badgeNumber = (n: number) => (n > 99 ? '99+' : String(n));
export const unreadLabel = (n: number) => `${n} unread`;

const useUnreadMessages = () => useUnreadCounts(true).data?.messages ?? 0;

/** The link's name: 'Messages', or 'Messages, 3 unread' (the badge's number is hidden from readers). */
const linkLabel = (count: number) =>
  count > 0 ? `${MSG.messages.title}, ${unreadLabel(count)}` : MSG.messages.title;

/** A red count on an icon or link (hidden from readers: the link's name says it); nothing at 0. */
export function UnreadCountBadge({ count, className }: { count: number; className: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-semibold text-white ${className}`}
    >
      {badgeNumber(count)}
    </span>
  );
}

/** The header menu's 'Messages' link, with its count. */
export function MessagesNavLink({
  className,
  onClick,
}: {
  className(state: { isActive: boolean }): string;
  onClick(): void;
}) {
  const count = useUnreadMessages();
  return (
    <NavLink to="/messages" className={className} onClick={onClick} aria-label={linkLabel(count)}>
      {MSG.messages.title}
      <UnreadCountBadge count={count} className="ml-1.5" />
    </NavLink>
  );
}

/** Below the md breakpoint, beside the menu button: Messages as an icon with its count. */
export function MessagesShortcut({ onClick }: { onClick(): void }) {
  const count = useUnreadMessages();
  return (
    <NavLink
      to="/messages"
      onClick={onClick}
      aria-label={linkLabel(count)}
      className="relative ml-auto inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden"
    >
      <MessageCircle aria-hidden="true" />
      <UnreadCountBadge count={count} className="absolute -top-0.5 -right-0.5" />
    </NavLink>
  );
}
