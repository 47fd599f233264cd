// The header of spec §1: links by state (moderators also get Moderation, issue 11; visitors also get
// Browse listings, issue 16; members also get Messages with its live unread count, issue 32), and below
// the md breakpoint a menu toggle that closes when a link is chosen. There, Messages is also an icon
// beside the toggle, so a new message shows without opening the menu. Members also get the
// notifications bell with its live count (issue 33) at every width, beside the menu's links from md.
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { MSG } from '../../shared/messages';
import { Avatar } from '../components/ui/avatar';
import { Toast, useToast } from '../components/ui/toast';
import { useAuth } from '../features/auth';
import { MessagesNavLink, MessagesShortcut } from '../features/conversations';
import { NotificationsBell } from '../features/notifications';
import { BROWSE_LISTINGS } from './browse-listings';

const SIGNED_OUT = [
  BROWSE_LISTINGS,
  { to: '/login', label: 'Sign In' },
  { to: '/signup', label: 'Sign Up' },
  { to: '/about', label: 'About Us' },
];
const SIGNED_IN = [
  { to: '/home', label: 'Home' },
  { to: '/saved', label: 'Saved' },
  { to: '/messages', label: 'Messages' },
  { to: '/about', label: 'About Us' },
  { to: '/account', label: 'Account' },
  { to: '/create', label: 'Create Post' },
  { to: '/profile', label: 'Profile' },
];
const MODERATOR = { to: '/moderation', label: 'Moderation' };

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 font-medium whitespace-nowrap md:inline-block md:py-2 ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
  }`;

/** How long the session check may take before a visitor's links show anyway (a slow network). */
export const VISITOR_LINKS_WAIT_MS = 1500;

/**
 * Whether to show a visitor's links: once the session check has answered (it was started with the
 * page, so usually at once) or after VISITOR_LINKS_WAIT_MS. Until then the reader may be a member whose
 * phone has not stored them, and the page's first frame (app/first-frame.tsx), drawn before any
 * script, shows no links either.
 */
function useVisitorKnown(isAuthChecked: boolean) {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (isAuthChecked) return;
    const timer = setTimeout(() => setWaited(true), VISITOR_LINKS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isAuthChecked]);
  return isAuthChecked || waited;
}

export function Header() {
  const { user, isAuthenticated, isAuthChecked, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const signedIn = isAuthenticated && user !== null;
  const visitorKnown = useVisitorKnown(isAuthChecked);
  const links = signedIn
    ? user.role === 'moderator'
      ? [...SIGNED_IN, MODERATOR]
      : SIGNED_IN
    : visitorKnown
      ? SIGNED_OUT
      : [];
  const close = () => setOpen(false);

  const { toast, show } = useToast();
  const [leaving, setLeaving] = useState(false);

  const onLogout = async () => {
    close();
    setLeaving(true);
    try {
      await logout();
      navigate('/login');
    } catch (error) {
      console.warn('Logout failed', error);
      show(MSG.auth.logoutFailed, 'error');
    } finally {
      setLeaving(false);
    }
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      {/* At 360 px the name and three 44 px icons (Messages, the bell, the menu) share the first line
          with room to spare: the icons sit 4 px apart, their own padding keeps them apart to the eye. */}
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-1 gap-y-2 px-4 py-2"
      >
        <NavLink
          to={signedIn ? '/home' : '/'}
          onClick={close}
          className="py-2 text-lg font-bold text-brand-800"
        >
          Zim Marketplace
        </NavLink>
        {signedIn ? <MessagesShortcut onClick={close} /> : null}
        {/* Below md after Messages (which takes the free space before it), from md before the links. */}
        {signedIn ? <NotificationsBell onClick={close} className="md:ml-auto" /> : null}
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls="main-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <ul
          id="main-menu"
          className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-1 pb-2 md:flex md:w-auto md:flex-row md:flex-wrap md:items-center md:justify-end md:pb-0`}
        >
          {links.map((link) => (
            <li key={link.to}>
              {link.to === '/messages' ? (
                <MessagesNavLink className={linkClass} onClick={close} />
              ) : (
                <NavLink to={link.to} className={linkClass} onClick={close}>
                  {link.label}
                </NavLink>
              )}
            </li>
          ))}
          {user && signedIn ? (
            <li className="flex items-center gap-2 px-3 py-2 md:order-first md:py-0">
              <Avatar name={user.name} />
              <span className="min-w-0 leading-tight">
                <span className="sr-only">Signed in as </span>
                <span className="block truncate text-sm font-medium text-slate-900 md:max-w-40">
                  {user.name}
                </span>
                <span className="block truncate text-xs text-slate-600 md:max-w-40">{user.email}</span>
              </span>
            </li>
          ) : null}
          {signedIn ? (
            <li>
              <button
                type="button"
                onClick={onLogout}
                disabled={leaving}
                className="w-full rounded-lg px-3 py-2.5 text-left font-medium text-slate-700 hover:bg-slate-100 md:w-auto md:py-2"
              >
                Logout
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
      <Toast toast={toast} />
    </header>
  );
}
