// The route table of spec §2, from shared/screens.ts (the server reads the same table to preload a
// page's screen). Screens load on demand so the first page downloads only what it shows.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { SCREENS, type ScreenAccess } from '../../shared/screens';
import { RequireAuth, RequireModerator } from './guard';
import { Layout } from './layout';

const screenModules = import.meta.glob<{ default: ComponentType }>([
  '../routes/*.tsx',
  '!../routes/*.test.tsx',
]);

const lazyScreens = new Map<string, LazyExoticComponent<ComponentType>>();
/** One lazy component per screen, however many paths show it. */
function lazyScreen(screen: string) {
  let component = lazyScreens.get(screen);
  if (!component) {
    const load = screenModules[`../routes/${screen}.tsx`];
    if (!load) throw new Error(`No screen web/routes/${screen}.tsx`);
    component = lazy(load);
    lazyScreens.set(screen, component);
  }
  return component;
}

const routes = (access: ScreenAccess) =>
  SCREENS.filter((entry) => entry.access === access).map(({ path, screen }) => {
    const Screen = lazyScreen(screen);
    return <Route key={path} path={path} element={<Screen />} />;
  });

// Made once: the table does not change while the app runs.
const ANYONE = routes('anyone');
const MEMBERS = routes('member');
const MODERATORS = routes('moderator');

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {ANYONE}
        <Route element={<RequireAuth />}>{MEMBERS}</Route>
        {/* Moderators only (issue 11): visitors go to /login, members are told they are not allowed. */}
        <Route element={<RequireModerator />}>{MODERATORS}</Route>
      </Route>
    </Routes>
  );
}
