// The answers the boot script asked for are for the screen the page was loaded at (decision 037): the
// app's first navigation drops those no call has taken, so a later call (after signing in, say) never
// gets an answer from before.
import { act, screen } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askEarly, takeEarlyAnswer } from '../lib/early-answers';
import { mockApi, ok, renderApp } from '../test/render-app';
import { Layout } from './layout';

afterEach(() => vi.unstubAllGlobals());

let navigate: (to: string) => void = () => {};
function Screen({ name }: { name: string }) {
  navigate = useNavigate();
  return <h1>{name}</h1>;
}

describe('the layout', () => {
  it("drops the boot script's untaken answers when the app leaves the first screen", async () => {
    mockApi(() => ok({}));
    askEarly('/api/posts');
    askEarly('/api/first-payload');
    renderApp(
      <Routes>
        <Route element={<Layout />}>
          <Route path="/home" element={<Screen name="Home" />} />
          <Route path="/login" element={<Screen name="Sign in" />} />
        </Route>
      </Routes>,
      { at: { pathname: '/home', key: 'kept-by-a-reload' } },
    );
    await screen.findByRole('heading', { name: 'Home' });
    // On the first screen they wait for its calls.
    expect(takeEarlyAnswer('/api/first-payload')).toBeDefined();
    act(() => navigate('/login'));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(takeEarlyAnswer('/api/posts')).toBeUndefined();
  });
});
