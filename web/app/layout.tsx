import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../components/ui/page';
import { Header } from './header';

export function Layout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main className="flex-1">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
