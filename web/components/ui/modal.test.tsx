import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

// jsdom has <dialog> without its modal methods.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };
});

const pageState = { usr: null, key: 'post', idx: 3 };

function Screen({ onClose }: { onClose(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Report this post"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        Why?
      </Modal>
    </>
  );
}

describe('Modal as a history step (issue 34)', () => {
  beforeEach(() => window.history.pushState(pageState, ''));

  it("is a step of its own: the browser's Back closes it and leaves the page's entry as it was", async () => {
    const onClose = vi.fn();
    const before = window.history.length;
    render(
      <StrictMode>
        <Screen onClose={onClose} />
      </StrictMode>,
    );
    expect(window.history.length).toBe(before);
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    await act(() => Promise.resolve());
    expect(window.history.length).toBe(before + 1);
    window.history.back();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByRole('dialog', { hidden: true }).hasAttribute('open')).toBe(false);
    expect(window.history.state).toEqual(pageState);
  });

  it('closed in the page (Close), it goes back over its own step', async () => {
    const onClose = vi.fn();
    render(<Screen onClose={onClose} />);
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    await act(() => Promise.resolve());
    expect(window.history.state).not.toEqual(pageState);
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    await waitFor(() => expect(window.history.state).toEqual(pageState));
    expect(screen.getByRole('dialog', { hidden: true }).hasAttribute('open')).toBe(false);
  });
});
