import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../../shared/messages';
import { PLACEHOLDER_IMAGE_URL } from '../../../components/ui/image-placeholder';
import { image } from '../../../test/post-data';
import { Gallery } from './gallery';

// jsdom has <dialog> without its modal methods.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    // Browsers fire 'close' in a later task, as here.
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };
});

const images = [image(1), image(2), image(3)];
const shown = () => screen.getByRole('img');

describe('Gallery', () => {
  // Each test starts on a page entry of its own (a gallery left open by a test keeps its entry).
  beforeEach(() => window.history.pushState({ page: true }, ''));

  it('opens at the chosen image and moves with the buttons and arrow keys, wrapping around', () => {
    render(<Gallery images={images} name="Fridge" startIndex={1} onClose={() => {}} />);
    expect(screen.getByText('2 of 3')).toBeTruthy();
    expect(shown().getAttribute('src')).toBe(images[1]?.url);
    expect(shown().getAttribute('alt')).toBe('Fridge, image 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByText('3 of 3')).toBeTruthy();
    fireEvent.keyDown(shown(), { key: 'ArrowRight' });
    expect(screen.getByText('1 of 3')).toBeTruthy();
    fireEvent.keyDown(shown(), { key: 'ArrowLeft' });
    expect(screen.getByText('3 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByText('2 of 3')).toBeTruthy();
  });

  it('shows the placeholder for an image that fails, and only for that one', () => {
    render(<Gallery images={images} name="Fridge" onClose={() => {}} />);
    fireEvent.error(shown());
    expect(shown().getAttribute('src')).toBe(PLACEHOLDER_IMAGE_URL);
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown().getAttribute('src')).toBe(images[1]?.url);
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shown().getAttribute('src')).toBe(PLACEHOLDER_IMAGE_URL);
  });

  it('stays open when React runs its opening effect twice (StrictMode)', async () => {
    const onClose = vi.fn();
    render(
      <StrictMode>
        <Gallery images={images} name="Fridge" onClose={onClose} />
      </StrictMode>,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { hidden: true }).hasAttribute('open')).toBe(true);
  });

  it('closes with its button, going back over its own history entry', async () => {
    const onClose = vi.fn();
    const before = window.history.length;
    render(<Gallery images={images} name="Fridge" onClose={onClose} />);
    expect(window.history.length).toBe(before + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Close gallery' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("is a history step of its own: the browser's Back closes it (and only it)", async () => {
    const onClose = vi.fn();
    const pageState = { usr: null, key: 'post', idx: 3 };
    window.history.replaceState(pageState, '');
    render(<Gallery images={images} name="Fridge" onClose={onClose} />);
    window.history.back();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(window.history.state).toEqual(pageState);
  });

  it('says No images available when there are none, with no arrows', () => {
    render(<Gallery images={[]} name="Fridge" onClose={() => {}} />);
    expect(screen.getByText(MSG.images.none)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
  });
});
