import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { advance, callsTo, mockApi, renderApp, settle } from '../../test/render-app';
import { CommentsSection } from './components/comments-section';
import { comment, comments, fakeComments } from './test-server';

const listCalls = (calls: Parameters<typeof callsTo>[0]) => callsTo(calls, 'GET', '/api/comments/post/4');
const box = () => screen.getByLabelText('Add a comment') as HTMLTextAreaElement;
const postButton = () => screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;
const DB_DOWN = 'HTTP 500: {"success":false,"message":"Database unavailable"}';

async function setup(initial = comments(2), postOwnerId?: number) {
  const server = fakeComments(initial, 7, postOwnerId);
  const calls = mockApi(server.handler);
  renderApp(<CommentsSection postId={4} postOwnerId={postOwnerId} />);
  await settle();
  fireEvent.click(screen.getByRole('button', { name: /^Comments/ }));
  await settle();
  return { server, calls };
}

/** Checks that the list is read again exactly 1 s after the action settled, not before. */
async function expectRecheckAfterOneSecond(calls: Parameters<typeof callsTo>[0]) {
  const before = listCalls(calls).length;
  await advance(990);
  expect(listCalls(calls)).toHaveLength(before);
  await advance(10);
  expect(listCalls(calls)).toHaveLength(before + 1);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('CommentsSection actions', () => {
  it('keeps Post disabled for empty or whitespace-only text', async () => {
    await setup();
    expect(postButton().disabled).toBe(true);
    fireEvent.input(box(), { target: { value: '   \n\t ' } });
    expect(postButton().disabled).toBe(true);
    fireEvent.input(box(), { target: { value: ' Hi ' } });
    expect(postButton().disabled).toBe(false);
  });

  it('posts the trimmed text, shows it on top, and re-checks the list 1 s later', async () => {
    const { calls } = await setup();
    fireEvent.input(box(), { target: { value: '  Is it still available?  ' } });
    fireEvent.click(postButton());
    await settle();
    expect(callsTo(calls, 'POST', '/api/comments')[0]?.body).toEqual({
      postId: 4,
      content: 'Is it still available?',
    });
    expect(box().value).toBe('');
    const first = screen.getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText('Is it still available?')).toBeTruthy();
    expect(within(first).getByText('now')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Comments/ }).textContent).toBe('Comments (3)');
    await expectRecheckAfterOneSecond(calls);
  });

  it('restores the typed text when posting fails, with the retry message (the short one logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { server, calls } = await setup();
    server.failing.add('create');
    fireEvent.input(box(), { target: { value: 'My offer: $40' } });
    fireEvent.click(postButton());
    await settle();
    expect(box().value).toBe('My offer: $40');
    expect(screen.getByRole('alert').textContent).toBe(MSG.comments.postFailedRetry);
    expect(warn).toHaveBeenCalledWith(`${MSG.comments.postFailed}: ${DB_DOWN}`);
    expect(screen.queryByText('My offer: $40', { selector: 'p' })).toBeNull();
    await expectRecheckAfterOneSecond(calls);
  });

  it('edits in place with Save/Cancel (Save disabled for whitespace) and re-checks 1 s later', async () => {
    const own = comment({ content: 'Original', userId: 7, canEdit: true, canDelete: true });
    const { calls } = await setup([own]);
    const item = screen.getByRole('listitem');
    fireEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    const field = within(item).getByLabelText('Edit comment') as HTMLTextAreaElement;
    expect(field.value).toBe('Original');
    expect(document.activeElement).toBe(field);
    fireEvent.input(field, { target: { value: '   ' } });
    expect((within(item).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(item).getByRole('button', { name: 'Cancel' }));
    expect(within(item).getByText('Original')).toBeTruthy();

    fireEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    fireEvent.input(within(item).getByLabelText('Edit comment'), { target: { value: ' Updated ' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save' }));
    await settle();
    expect(callsTo(calls, 'PUT', `/api/comments/${own.id}`)[0]?.body).toEqual({ content: 'Updated' });
    expect(within(item).getByText('Updated')).toBeTruthy();
    expect(within(item).getByText('(edited)')).toBeTruthy();
    expect(within(item).queryByLabelText('Edit comment')).toBeNull();
    await expectRecheckAfterOneSecond(calls);
  });

  it('keeps the edit open with the retry message when saving fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const own = comment({ content: 'Original', userId: 7, canEdit: true, canDelete: true });
    const { server } = await setup([own]);
    server.failing.add('update');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.input(screen.getByLabelText('Edit comment'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(MSG.comments.updateFailedRetry);
    expect((screen.getByLabelText('Edit comment') as HTMLTextAreaElement).value).toBe('Changed');
    expect(warn).toHaveBeenCalledWith(`${MSG.comments.updateFailed}: ${DB_DOWN}`);
  });

  it('deletes only after the confirmation, at once, and re-checks 1 s later', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const own = comment({ content: 'Mine', userId: 7, canEdit: true, canDelete: true });
    const { server, calls } = await setup([own, ...comments(1)]);
    let answer: () => void = () => {};
    server.holding.delete = new Promise((resolve) => (answer = resolve));

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenLastCalledWith(MSG.comments.confirmDelete);
    await settle();
    expect(screen.getByText('Mine')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/comments')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await settle();
    expect(callsTo(calls, 'DELETE', `/api/comments/${own.id}`)).toHaveLength(1);
    expect(screen.queryByText('Mine')).toBeNull(); // gone before the server answers
    answer();
    await settle();
    expect(screen.queryByText('Mine')).toBeNull();
    expect(screen.getByRole('button', { name: /^Comments/ }).textContent).toBe('Comments (1)');
    await expectRecheckAfterOneSecond(calls);
  });

  it('puts a comment back in its place when the delete fails, with the retry message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const own = comment({ content: 'Mine', userId: 7, canEdit: true, canDelete: true }, 15);
    const { server, calls } = await setup([
      comment({ content: 'Newer' }, 1),
      own,
      comment({ content: 'Older' }, 30),
    ]);
    server.failing.add('delete');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await settle();
    const texts = screen
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p.whitespace-pre-wrap')?.textContent);
    expect(texts).toEqual(['Newer', 'Mine', 'Older']);
    expect(screen.getByRole('alert').textContent).toBe(MSG.comments.deleteFailedRetry);
    expect(warn).toHaveBeenCalledWith(`${MSG.comments.deleteFailed}: ${DB_DOWN}`);
    await expectRecheckAfterOneSecond(calls);
  });

  it("lets the post's owner delete another's comment, but not edit it", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls } = await setup([comment({ content: 'A question' })], 7);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await settle();
    expect(callsTo(calls, 'DELETE', '/api/comments/')).toHaveLength(1);
    expect(screen.queryByText('A question')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
