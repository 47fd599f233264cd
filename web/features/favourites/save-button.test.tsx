import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, mockApi, ok, renderApp, settle } from '../../test/render-app';
import { rememberAskedAction } from '../auth';
import { SaveButton } from './components/save-button';

const button = () =>
  screen.getByRole('button', { name: /^(Save this listing|Remove from saved)$/ }) as HTMLButtonElement;
const isSaved = () => button().getAttribute('aria-label') === 'Remove from saved';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('SaveButton', () => {
  it("asks whether the post is saved, then saves and unsaves it, named for what a tap does ('Save' / 'Saved' shown)", async () => {
    let saved = false;
    const calls = mockApi((call) => {
      if (call.path.startsWith('/api/favourites/status')) return ok({ postIds: saved ? [4] : [] });
      if (call.path === '/api/favourites/4') {
        saved = call.method === 'PUT';
        return ok({ postId: 4, saved });
      }
    });
    renderApp(<SaveButton postId={4} />);
    await settle();
    expect(screen.getByRole('button', { name: 'Save this listing' }).textContent).toBe('Save');

    fireEvent.click(button());
    await settle();
    expect(callsTo(calls, 'PUT', '/api/favourites/4')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove from saved' }).textContent).toBe('Saved');

    fireEvent.click(button());
    await settle();
    expect(callsTo(calls, 'DELETE', '/api/favourites/4')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Save this listing' })).toBeTruthy();
  });

  it('flips at once and goes back when the server refuses', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answer: (reply: ReturnType<typeof fail>) => void = () => {};
    mockApi((call) =>
      call.path.startsWith('/api/favourites/status')
        ? ok({ postIds: [] })
        : new Promise((resolve) => (answer = resolve)),
    );
    renderApp(<SaveButton postId={4} />);
    await settle();
    fireEvent.click(button());
    await settle();
    expect(isSaved()).toBe(true);
    expect(button().disabled).toBe(true);

    answer(fail(429, 'Slow down', 'rate_limited'));
    await settle();
    expect(isSaved()).toBe(false);
    expect(button().disabled).toBe(false);
  });

  it('on a card makes no call of its own: the page fills its state', async () => {
    const calls = mockApi(() => undefined);
    const { queryClient } = renderApp(<SaveButton postId={9} compact />);
    await settle();
    expect(calls).toEqual([]);
    expect(button().disabled).toBe(true);
    queryClient.setQueryData(['favourites', 'saved', 9], true);
    await settle();
    expect(isSaved()).toBe(true);
  });

  it('sends a visitor to sign in, coming back to the post to save it', async () => {
    const calls = mockApi(() => undefined, null);
    renderApp(
      <>
        <SaveButton postId={4} />
        <Where />
      </>,
      { at: '/posts/4' },
    );
    await settle();
    fireEvent.click(button());
    await settle();
    expect(calls).toEqual([]);
    expect(screen.getByTestId('where').textContent).toBe('/login?next=%2Fposts%2F4%3Fthen%3Dsave-4');
  });

  it('back signed in with then=save-4: saves once and takes the request off the address', async () => {
    rememberAskedAction('/posts/4?then=save-4'); // as the sign-in screen does
    const calls = mockApi((call) => {
      if (call.path.startsWith('/api/favourites/status')) return ok({ postIds: [] });
      if (call.path === '/api/favourites/4') return ok({ postId: 4, saved: true });
    });
    renderApp(
      <>
        <SaveButton postId={4} />
        <SaveButton postId={5} compact />
        <Where />
      </>,
      { at: '/posts/4?then=save-4' },
    );
    await settle();
    expect(callsTo(calls, 'PUT', '/api/favourites/4')).toHaveLength(1);
    expect(callsTo(calls, 'PUT', '/api/favourites/5')).toHaveLength(0);
    expect(screen.getByTestId('where').textContent).toBe('/posts/4');
    expect(screen.getByRole('button', { name: 'Remove from saved' })).toBeTruthy();
  });

  it('back signed in with then=save-4 on a post already saved: nothing to do, request taken off', async () => {
    rememberAskedAction('/posts/4?then=save-4');
    const calls = mockApi((call) => {
      if (call.path.startsWith('/api/favourites/status')) return ok({ postIds: [4] });
    });
    renderApp(
      <>
        <SaveButton postId={4} />
        <Where />
      </>,
      { at: '/posts/4?then=save-4' },
    );
    await settle();
    expect(callsTo(calls, 'PUT', '/api/favourites/4')).toHaveLength(0);
    expect(callsTo(calls, 'DELETE', '/api/favourites/4')).toHaveLength(0);
    expect(screen.getByTestId('where').textContent).toBe('/posts/4');
  });

  it('then=save-4 in a link opened by someone already signed in (not back from sign-in) saves nothing', async () => {
    const calls = mockApi((call) => {
      if (call.path.startsWith('/api/favourites/status')) return ok({ postIds: [] });
      if (call.path === '/api/favourites/4') return ok({ postId: 4, saved: true });
    });
    renderApp(
      <>
        <SaveButton postId={4} />
        <Where />
      </>,
      { at: '/posts/4?then=save-4' },
    );
    await settle();
    expect(callsTo(calls, 'PUT', '/api/favourites/4')).toHaveLength(0);
    expect(screen.getByTestId('where').textContent).toBe('/posts/4');
    expect(screen.getByRole('button', { name: 'Save this listing' })).toBeTruthy();
  });
});
