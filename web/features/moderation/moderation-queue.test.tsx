import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueItem } from '../../../shared/api-types';
import { MSG } from '../../../shared/messages';
import { stubDialogMethods } from '../../test/dialog';
import { callsTo, fail, mockApi, ok, renderApp, settle, TEST_USER } from '../../test/render-app';
import { ModerationQueue } from './components/moderation-queue';

beforeAll(stubDialogMethods);
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function queueItem(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    targetType: 'post',
    id: 41,
    postId: 41,
    state: 'pending',
    title: 'iPhone 15 for $100',
    text: 'Send a deposit by EcoCash first.',
    safetyWarning: `This post asks for payment in advance. ${MSG.safety.neverPayFirst}`,
    createdAt: ago(1),
    reportWeight: 5,
    reports: [
      {
        reason: 'scam',
        note: 'Asked me for a deposit',
        weight: 2,
        weighed: 'established',
        afterRestore: false,
        createdAt: ago(0.5),
      },
      { reason: 'spam', note: null, weight: 1, weighed: 'member', afterRestore: false, createdAt: ago(0.2) },
      {
        reason: 'spam',
        note: null,
        weight: 0,
        weighed: 'same-signup-address',
        afterRestore: false,
        createdAt: ago(0.1),
      },
    ],
    author: {
      id: 21,
      name: 'Farai Dube',
      role: 'member',
      memberSince: ago(3),
      accountAgeDays: 3,
      suspended: false,
      postCount: 4,
      commentCount: 2,
      previousActions: [{ action: 'auto-hide', createdAt: ago(2) }],
    },
    ...overrides,
  };
}

const comment = queueItem({
  targetType: 'comment',
  id: 41,
  postId: 9,
  state: 'visible',
  title: 'Solar panel',
  text: 'WhatsApp me for a better price',
  safetyWarning: null,
  reportWeight: 0,
  reports: [
    {
      reason: 'offensive',
      note: null,
      weight: 0,
      weighed: 'new-account',
      afterRestore: true,
      createdAt: ago(0.1),
    },
  ],
  author: { ...queueItem().author, id: 22, name: 'Tariro Moyo', previousActions: [] },
});

/** A fake moderation API: decisions take an item out of the queue, as the server does. */
function fakeModeration(items: QueueItem[]) {
  let queue = [...items];
  return mockApi(
    (call) => {
      if (call.method === 'GET' && call.path.startsWith('/api/moderation/queue')) return ok({ items: queue });
      const [, , , kind, id, verb] = call.path.split('/');
      if (call.method !== 'POST' || !kind || !verb) return undefined;
      if (kind === 'users' && Number(id) === TEST_USER.id)
        return fail(403, MSG.moderation.notYourself, 'forbidden');
      if (kind === 'users') {
        queue = queue.filter((item) => item.author.id !== Number(id));
        const message = verb === 'suspend' ? MSG.moderation.suspendedDone : MSG.moderation.roleChanged;
        return ok({ success: true, message, state: verb === 'suspend' ? 'suspended' : 'moderator' });
      }
      queue = queue.filter((item) => !(`${item.targetType}s` === kind && item.id === Number(id)));
      const done = verb === 'hide' ? MSG.moderation.hidden : MSG.moderation.restored;
      return ok({ success: true, message: done, state: verb === 'hide' ? 'removed' : 'visible' });
    },
    { ...TEST_USER, role: 'moderator' },
  );
}

const card = (name: string) => screen.getByRole('article', { name });
const dialog = () => screen.getByRole('dialog');
const type = (field: HTMLElement, value: string) => {
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field, { target: { value } });
};

async function decide(article: HTMLElement, button: string, reason?: string) {
  fireEvent.click(within(article).getByRole('button', { name: button }));
  await settle();
  if (reason) type(within(dialog()).getByLabelText(/Reason/), reason);
  fireEvent.click(within(dialog()).getByRole('button', { name: button }));
  await settle();
}

describe('Moderation queue cards', () => {
  it("shows each item's state, reports, warning and author history", async () => {
    fakeModeration([queueItem(), comment]);
    renderApp(<ModerationQueue moderatorId={TEST_USER.id} notify={() => {}} />);
    await settle();
    expect(screen.getByRole('heading', { name: '2 items to review' })).toBeTruthy();
    const post = card('iPhone 15 for $100');
    for (const text of [
      'Post',
      'Under review',
      '3 reports · weight 5',
      'Send a deposit by EcoCash first.',
      '3 open reports',
      'Scam or fraud',
      // Each report's weight and why (the server's rule, decision 014).
      'established: 2',
      'member: 1',
      'same sign-up address as another reporter: 0',
      '“Asked me for a deposit”',
      '4 posts · 2 comments',
      '3 days old',
      'Hidden by reports',
    ]) {
      expect(post.textContent).toContain(text);
    }
    expect(post.textContent).toContain(MSG.safety.neverPayFirst);
    expect(within(post).getByRole('link', { name: 'Open the post' }).getAttribute('href')).toBe('/posts/41');
    const buttons = within(post)
      .getAllByRole('button')
      .map((button) => button.textContent);
    // The account's choices sit with the author, the post's after it.
    expect(buttons).toEqual(['Suspend author', 'Make moderator', 'Restore post', 'Hide post']);
    const other = card('Comment on “Solar panel”');
    expect(within(other).getByRole('link', { name: 'Open the post' }).getAttribute('href')).toBe('/posts/9');
    expect(within(other).getByRole('button', { name: 'Dismiss reports' })).toBeTruthy();
    // A report that weighs nothing still shows, and one after a restore says so.
    expect(other.textContent).toContain('1 report · weight 0');
    expect(other.textContent).toContain('new account: 0');
    expect(within(other).getAllByText(/reported again after a restore/i)).toHaveLength(2);
    expect(post.textContent).not.toMatch(/after a restore/i);
  });

  it('hides with a reason, reads the queue again, toasts the answer and keeps the card to undo', async () => {
    const calls = fakeModeration([queueItem(), comment]);
    const notify = vi.fn();
    renderApp(<ModerationQueue moderatorId={TEST_USER.id} notify={notify} />);
    await settle();
    await decide(card('iPhone 15 for $100'), 'Hide post', 'Deposit scam');

    expect(callsTo(calls, 'POST', '/api/moderation/posts/41/hide')[0]?.body).toEqual({
      reason: 'Deposit scam',
    });
    expect(notify).toHaveBeenCalledWith(MSG.moderation.hidden);
    expect(callsTo(calls, 'GET', '/api/moderation/queue')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: '1 item to review' })).toBeTruthy();
    const decided = screen.getByRole('region', { name: 'Decided on this visit' });
    const hidden = within(decided).getByRole('article', { name: 'iPhone 15 for $100' });
    expect(within(hidden).getByText('Removed by a moderator')).toBeTruthy();
    expect(within(hidden).queryByText('Scam or fraud')).toBeNull();
    expect(document.activeElement).toBe(within(hidden).getByRole('heading', { name: 'iPhone 15 for $100' }));

    await decide(hidden, 'Restore post');
    expect(callsTo(calls, 'POST', '/api/moderation/posts/41/restore')[0]?.body).toEqual({});
    expect(notify).toHaveBeenLastCalledWith(MSG.moderation.restored);
    expect(within(card('iPhone 15 for $100')).getByText('Visible')).toBeTruthy();
  });

  it('suspends the author and makes a member a moderator; a comment is hidden as a comment', async () => {
    const calls = fakeModeration([queueItem(), comment]);
    const notify = vi.fn();
    renderApp(<ModerationQueue moderatorId={TEST_USER.id} notify={notify} />);
    await settle();
    await decide(card('Comment on “Solar panel”'), 'Make moderator');
    expect(callsTo(calls, 'POST', '/api/moderation/users/22/role')[0]?.body).toEqual({ role: 'moderator' });
    await decide(card('iPhone 15 for $100'), 'Suspend author', 'Scam ring');
    expect(callsTo(calls, 'POST', '/api/moderation/users/21/suspend')[0]?.body).toEqual({
      reason: 'Scam ring',
    });
    expect(notify).toHaveBeenLastCalledWith(MSG.moderation.suspendedDone);
    const suspended = card('iPhone 15 for $100');
    expect(within(suspended).getByText('Suspended')).toBeTruthy();
    expect(within(suspended).getByRole('button', { name: 'Reinstate author' })).toBeTruthy();
    expect(screen.getByText(MSG.moderation.emptyQueue)).toBeTruthy();
  });

  it('shows a reported message with the conversation before it, and hides it as a message', async () => {
    const message = queueItem({
      targetType: 'message',
      id: 77,
      postId: 12,
      state: 'visible',
      title: 'Hisense fridge',
      text: 'Pay the deposit to +44 7700 900123 first',
      context: [
        { id: 75, from: 'other', body: 'Is it still available?', sentAt: ago(0.3) },
        { id: 76, from: 'author', body: 'Yes. Where are you?', sentAt: ago(0.2) },
      ],
    });
    const calls = fakeModeration([message]);
    renderApp(<ModerationQueue moderatorId={TEST_USER.id} notify={() => {}} />);
    await settle();
    const item = card('Message about “Hisense fridge”');
    expect(within(item).getByText('Message')).toBeTruthy();
    expect(item.textContent).toContain('Earlier in the conversation (2)');
    const earlier = within(item)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(earlier[0]).toContain('The other person');
    expect(earlier[0]).toContain('Is it still available?');
    expect(earlier[1]).toContain('Farai Dube');
    await decide(item, 'Hide message');
    expect(callsTo(calls, 'POST', '/api/moderation/messages/77/hide')).toHaveLength(1);
  });

  it("offers no account actions on the moderator's own items", async () => {
    const own = queueItem({ author: { ...queueItem().author, id: TEST_USER.id } });
    fakeModeration([own]);
    renderApp(<ModerationQueue moderatorId={TEST_USER.id} notify={() => {}} />);
    await settle();
    const buttons = within(card('iPhone 15 for $100')).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Restore post', 'Hide post']);
  });

  it('shows a refusal in the dialog, which stays open with the reason as typed', async () => {
    mockApi(
      (call) =>
        call.method === 'GET'
          ? ok({ items: [queueItem()] })
          : fail(429, "You're doing that too often. Please try again in 5 minutes.", 'rate_limited'),
      { ...TEST_USER, role: 'moderator' },
    );
    const notify = vi.fn();
    renderApp(<ModerationQueue moderatorId={TEST_USER.id} notify={notify} />);
    await settle();
    await decide(card('iPhone 15 for $100'), 'Suspend author', 'Scam ring');
    expect(within(dialog()).getByRole('alert').textContent).toContain("You're doing that too often.");
    expect((within(dialog()).getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe('Scam ring');
    expect(notify).not.toHaveBeenCalled();
  });

  it('says so when there is nothing to review', async () => {
    fakeModeration([]);
    renderApp(<ModerationQueue moderatorId={TEST_USER.id} notify={() => {}} />);
    await settle();
    expect(screen.getByText(MSG.moderation.emptyQueue)).toBeTruthy();
  });
});
