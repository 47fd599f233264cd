import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { advance, callsTo, mockApi, renderApp, settle } from '../../test/render-app';
import { CommentsSection } from './components/comments-section';
import { comment, comments, fakeComments } from './test-server';

const panelButton = () => screen.getByRole('button', { name: /^Comments/ });
const listCalls = (calls: Parameters<typeof callsTo>[0]) => callsTo(calls, 'GET', '/api/comments/post/4');
const shownTexts = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p.whitespace-pre-wrap')?.textContent);

async function openPanel() {
  fireEvent.click(panelButton());
  await settle();
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('CommentsSection panel', () => {
  it('starts collapsed with the count, loads only when expanded, and refreshes every 30 s only while expanded', async () => {
    const server = fakeComments(comments(5));
    const calls = mockApi(server.handler);
    renderApp(<CommentsSection postId={4} />);
    await settle();
    expect(panelButton().getAttribute('aria-expanded')).toBe('false');
    expect(panelButton().textContent).toBe('Comments (5)');
    await advance(65_000);
    expect(listCalls(calls)).toHaveLength(0);

    await openPanel();
    expect(panelButton().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Live')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(1);
    await advance(29_900);
    expect(listCalls(calls)).toHaveLength(1);
    await advance(100);
    expect(listCalls(calls)).toHaveLength(2);
    await advance(30_000);
    expect(listCalls(calls)).toHaveLength(3);

    fireEvent.click(panelButton());
    await settle();
    expect(screen.queryByText('Live')).toBeNull();
    await advance(95_000);
    expect(listCalls(calls)).toHaveLength(3);
  });

  it('picks up a comment posted elsewhere on the next 30 s refresh', async () => {
    const server = fakeComments(comments(1));
    mockApi(server.handler);
    renderApp(<CommentsSection postId={4} />);
    await openPanel();
    server.comments.unshift(comment({ content: 'From someone else' }, 0));
    await advance(30_000);
    expect(screen.getByText('From someone else')).toBeTruthy();
    expect(panelButton().textContent).toBe('Comments (2)');
  });

  it("shows the newest 3, then 'Show 2 more comments' and 'Show fewer comments'", async () => {
    mockApi(fakeComments(comments(5)).handler);
    renderApp(<CommentsSection postId={4} />);
    await openPanel();
    expect(shownTexts()).toEqual(['Comment 1', 'Comment 2', 'Comment 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 more comments' }));
    expect(shownTexts()).toEqual(['Comment 1', 'Comment 2', 'Comment 3', 'Comment 4', 'Comment 5']);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer comments' }));
    expect(shownTexts()).toHaveLength(3);
  });

  it("says 'Show 1 more comment' for one, and nothing to toggle at 3 or fewer", async () => {
    mockApi(fakeComments(comments(4)).handler);
    const { unmount } = renderApp(<CommentsSection postId={4} />);
    await openPanel();
    expect(screen.getByRole('button', { name: 'Show 1 more comment' })).toBeTruthy();
    unmount();

    mockApi(fakeComments(comments(3)).handler);
    renderApp(<CommentsSection postId={4} />);
    await openPanel();
    expect(shownTexts()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Show/ })).toBeNull();
  });

  it('shows each comment with initials, name, relative time, the edited marker and plain text', async () => {
    const script = '<script>alert("x")</script>\nsecond line';
    mockApi(
      fakeComments([
        comment(
          {
            content: script,
            isEdited: true,
            author: { id: 8, name: 'tatenda ncube moyo', email: '', avatar: null },
          },
          125,
        ),
      ]).handler,
    );
    renderApp(<CommentsSection postId={4} />);
    await openPanel();
    const item = screen.getByRole('listitem', { name: 'tatenda ncube moyo' });
    expect(within(item).getByText('TN')).toBeTruthy();
    expect(within(item).getByText('2h')).toBeTruthy();
    expect(within(item).getByText('(edited)')).toBeTruthy();
    expect(item.querySelector('p.whitespace-pre-wrap')?.textContent).toBe(script);
    expect(document.querySelector('script')).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("says 'No comments yet' and, to a visitor, offers 'Sign in to comment' instead of the form", async () => {
    mockApi(fakeComments([]).handler, null);
    renderApp(<CommentsSection postId={4} />, { at: '/home?post=4' });
    await openPanel();
    expect(screen.getByText(MSG.comments.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to comment' }).getAttribute('href')).toBe(
      // Back to the post after signing in.
      '/login?next=%2Fhome%3Fpost%3D4',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows the retry message when loading fails and logs the short one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = fakeComments(comments(2));
    server.failing.add('list');
    mockApi(server.handler);
    renderApp(<CommentsSection postId={4} />);
    await openPanel();
    expect(screen.getByRole('alert').textContent).toBe(MSG.comments.loadFailedRetry);
    expect(warn).toHaveBeenCalledWith(
      `${MSG.comments.loadFailed}: HTTP 500: {"success":false,"message":"Database unavailable"}`,
    );

    server.failing.delete('list');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shownTexts()).toEqual(['Comment 1', 'Comment 2']);
  });
});
