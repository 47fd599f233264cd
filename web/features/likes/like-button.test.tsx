import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { advance, callsTo, fail, mockApi, ok, renderApp, settle } from '../../test/render-app';
import { LikeButton } from './components/like-button';

const status = (isLiked: boolean, likeCount: number) =>
  ok({ success: true, isLiked, likeCount, reactionType: isLiked ? 'like' : null });

const likeButton = () => screen.getByRole('button', { name: 'Like' }) as HTMLButtonElement;
// The hover zone around the button (it holds the picker too). pointerenter/pointerleave do not bubble:
// a browser fires them on the zone itself as the pointer crosses its edge.
const hoverZone = () => likeButton().parentElement as HTMLElement;
/** A pointer event of the given device (jsdom has no PointerEvent: the type is set on a plain event). */
function pointer(type: string, target: Element, pointerType: 'mouse' | 'touch' = 'mouse') {
  const event = new Event(type, {
    bubbles: !type.endsWith('enter') && !type.endsWith('leave'),
    cancelable: true,
  });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  fireEvent(target, event);
  return event;
}
const mouseEnter = () => pointer('pointerenter', hoverZone());
const mouseLeave = () => pointer('pointerleave', hoverZone());
const picker = () => screen.queryByRole('toolbar', { name: 'Reactions' });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('LikeButton', () => {
  it('stays disabled until the status has loaded, then shows the count with K/M', async () => {
    let answer: (value: ReturnType<typeof status>) => void = () => {};
    mockApi(() => new Promise((resolve) => (answer = resolve)));
    renderApp(<LikeButton postId={4} />);
    await settle();
    expect(likeButton().disabled).toBe(true);

    answer(status(false, 1520));
    await settle();
    expect(likeButton().disabled).toBe(false);
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('1.5K likes')).toBeTruthy();
  });

  it('offline: a tap changes neither the heart nor the count, and the button says why (issue 34)', async () => {
    const calls = mockApi((call) =>
      call.path.startsWith('/api/likes/toggle') ? status(true, 1) : status(false, 0),
    );
    renderApp(<LikeButton postId={4} />);
    await settle();
    expect(screen.getByText('0 likes')).toBeTruthy();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent(window, new Event('offline'));
    await settle();
    fireEvent.click(likeButton());
    await settle();
    expect(callsTo(calls, 'POST', '/api/likes/toggle/4')).toHaveLength(0);
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('0 likes')).toBeTruthy();
    expect(screen.getByText(MSG.offline.like)).toBeTruthy();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    fireEvent(window, new Event('online'));
    await settle();
  });

  it('flips at once, stays disabled while the toggle runs, then takes the server count', async () => {
    let answer: (value: ReturnType<typeof status>) => void = () => {};
    const calls = mockApi((call) =>
      call.path.startsWith('/api/likes/toggle')
        ? new Promise((resolve) => (answer = resolve))
        : status(false, 9),
    );
    renderApp(<LikeButton postId={4} />);
    await settle();
    fireEvent.click(likeButton());
    await settle();
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('10 likes')).toBeTruthy();
    expect(likeButton().disabled).toBe(true);

    answer(ok({ success: true, isLiked: true, likeCount: 12, reactionType: 'like' }));
    await settle();
    expect(likeButton().disabled).toBe(false);
    expect(screen.getByText('12 likes')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/likes/toggle/4')).toHaveLength(1);
  });

  it('reverts a failed toggle and only logs it, as HTTP {status}: {body}', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    mockApi((call) => (call.method === 'POST' ? fail(500, 'Database unavailable') : status(true, 1)));
    renderApp(<LikeButton postId={4} />);
    await settle();
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(likeButton());
    await settle();
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('1 like')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(
      'Like failed: HTTP 500: {"success":false,"message":"Database unavailable"}',
    );
    expect(error).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays disabled when the status cannot load, and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi(() => fail(404, 'Post data not found'));
    renderApp(<LikeButton postId={4} />);
    await settle();
    expect(likeButton().disabled).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      'Like status failed: HTTP 404: {"success":false,"message":"Post data not found"}',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the reaction picker after 500 ms of hover, not before, and hides it 300 ms after leaving', async () => {
    mockApi(() => status(false, 0));
    renderApp(<LikeButton postId={4} />);
    await settle();
    mouseEnter();
    await advance(499);
    expect(screen.queryByRole('toolbar', { name: 'Reactions' })).toBeNull();
    await advance(1);
    expect(screen.getByRole('toolbar', { name: 'Reactions' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'React with Like' })).toHaveLength(1);

    mouseLeave();
    await advance(299);
    expect(screen.getByRole('toolbar', { name: 'Reactions' })).toBeTruthy();
    await advance(1);
    expect(screen.queryByRole('toolbar', { name: 'Reactions' })).toBeNull();
  });

  it('keeps the picker when the pointer comes back within 300 ms, and never opens on a brief pass', async () => {
    mockApi(() => status(false, 0));
    renderApp(<LikeButton postId={4} />);
    await settle();
    mouseEnter();
    await advance(300);
    mouseLeave();
    await advance(1000);
    expect(screen.queryByRole('toolbar', { name: 'Reactions' })).toBeNull();

    mouseEnter();
    await advance(500);
    mouseLeave();
    await advance(200);
    mouseEnter();
    await advance(1000);
    expect(screen.getByRole('toolbar', { name: 'Reactions' })).toBeTruthy();
  });

  it('likes through the heart of the picker, then closes it', async () => {
    const calls = mockApi((call) =>
      call.method === 'POST'
        ? ok({ success: true, isLiked: true, likeCount: 1, reactionType: 'like' })
        : status(false, 0),
    );
    renderApp(<LikeButton postId={4} />);
    await settle();
    mouseEnter();
    await advance(500);
    fireEvent.click(screen.getByRole('button', { name: 'React with Like' }));
    await settle();
    expect(callsTo(calls, 'POST', '/api/likes/toggle/4')).toHaveLength(1);
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('toolbar', { name: 'Reactions' })).toBeNull();
  });

  it('on a touch screen a tap likes without opening the picker (a tap is a hover that never ends)', async () => {
    const calls = mockApi((call) =>
      call.method === 'POST'
        ? ok({ success: true, isLiked: true, likeCount: 1, reactionType: 'like' })
        : status(false, 0),
    );
    renderApp(<LikeButton postId={4} />);
    await settle();
    pointer('pointerenter', hoverZone(), 'touch');
    pointer('pointerdown', likeButton(), 'touch');
    await advance(80);
    pointer('pointerup', likeButton(), 'touch');
    fireEvent.click(likeButton());
    await advance(2000);
    expect(picker()).toBeNull();
    expect(callsTo(calls, 'POST', '/api/likes/toggle/4')).toHaveLength(1);
  });

  it('opens the picker on a long press without liking, and closes it on a tap outside, a scroll or Escape', async () => {
    const calls = mockApi(() => status(false, 0));
    renderApp(<LikeButton postId={4} />);
    await settle();
    const longPress = async () => {
      pointer('pointerdown', likeButton(), 'touch');
      await advance(500);
      pointer('pointerup', likeButton(), 'touch');
      fireEvent.click(likeButton());
      await settle();
    };
    await longPress();
    expect(picker()).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/likes/toggle/4')).toHaveLength(0);

    pointer('pointerdown', document.body, 'touch');
    await settle();
    expect(picker()).toBeNull();

    await longPress();
    fireEvent.scroll(window);
    await settle();
    expect(picker()).toBeNull();

    await longPress();
    fireEvent.keyDown(document, { key: 'Escape' });
    await settle();
    expect(picker()).toBeNull();
    expect(callsTo(calls, 'POST', '/api/likes/toggle/4')).toHaveLength(0);
  });

  it('uses a known status without calling, and asks a visitor to sign in instead of liking', async () => {
    const calls = mockApi(() => undefined, null);
    renderApp(<LikeButton postId={4} initial={{ likeCount: 2_400_000, isLiked: false }} />, {
      at: '/posts/4',
    });
    await settle();
    expect(screen.getByText('2.4M likes')).toBeTruthy();
    fireEvent.click(likeButton());
    await settle();
    expect(calls).toEqual([]);
    expect(screen.getByRole('link', { name: 'Sign in to like posts' }).getAttribute('href')).toBe(
      '/login?next=%2Fposts%2F4%3Fthen%3Dlike-4',
    );
  });
});
