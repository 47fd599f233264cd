import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageDto } from '../../../../shared/api-types';
import { PLACEHOLDER_IMAGE_URL } from '../../../components/ui/image-placeholder';
import { image } from '../../../test/post-data';
import { PostImages } from './post-images';

// jsdom has <dialog> without its modal methods.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const PHONE_TO_DESKTOP =
  '(min-width: 1152px) 548px, (min-width: 1024px) calc(50vw - 28px), calc(100vw - 32px)';

const main = (container: HTMLElement) => container.querySelector('button img') as HTMLImageElement;

describe('PostImages', () => {
  it("offers the stored variants at their widths, sized to the detail's slot, and keeps the space reserved", () => {
    const { container } = render(<PostImages images={[image(1)]} name="Fridge" />);
    const img = main(container);
    expect(img.getAttribute('srcset')).toBe(
      '/media/posts/7/1-thumb.webp 480w, /media/posts/7/1-medium.webp 1024w, /media/posts/7/1-full.webp 1600w',
    );
    // 328 px on a 360 px phone (100vw minus the page's 16 px padding each side), one column of two from
    // 1024 px, 548 px once the page is at its widest.
    expect(img.getAttribute('sizes')).toBe(PHONE_TO_DESKTOP);
    expect(img.getAttribute('src')).toBe('/media/posts/7/1-medium.webp');
    expect(img.getAttribute('width')).toBe('1600');
    expect(img.getAttribute('height')).toBe('1200');
  });

  it('names the real widths of a smaller or taller image, and a portrait one fills part of the slot', () => {
    const small: ImageDto = { ...image(2), width: 640, height: 480 };
    const { container, unmount } = render(<PostImages images={[small]} name="Fridge" />);
    // Never enlarged: the medium variant is as wide as the full one, so it is offered once.
    expect(main(container).getAttribute('srcset')).toBe(
      '/media/posts/7/2-thumb.webp 480w, /media/posts/7/2-medium.webp 640w',
    );
    expect(main(container).getAttribute('sizes')).toBe(PHONE_TO_DESKTOP);
    unmount();

    // A 3:4 phone photo in the 4:3 frame is drawn 9/16 of the slot's width (object-contain).
    const portrait: ImageDto = { ...image(3), width: 1200, height: 1600 };
    const { container: tall } = render(<PostImages images={[portrait]} name="Fridge" />);
    expect(main(tall).getAttribute('srcset')).toBe(
      '/media/posts/7/3-thumb.webp 480w, /media/posts/7/3-medium.webp 1024w, /media/posts/7/3-full.webp 1200w',
    );
    expect(main(tall).getAttribute('sizes')).toBe(
      '(min-width: 1152px) calc((548px) * 0.563), (min-width: 1024px) calc((50vw - 28px) * 0.563), calc((100vw - 32px) * 0.563)',
    );
  });

  it('offers thumb and full for an image stored before the medium variant existed', () => {
    const { mediumUrl: _, ...old } = image(4);
    const { container } = render(<PostImages images={[old]} name="Fridge" />);
    expect(main(container).getAttribute('srcset')).toBe(
      '/media/posts/7/4-thumb.webp 480w, /media/posts/7/4-full.webp 1600w',
    );
    expect(main(container).getAttribute('src')).toBe('/media/posts/7/4-full.webp');
  });

  it('shows thumbs in the strip and the full image only in the gallery', () => {
    const images = [image(1), image(2)];
    const { container } = render(<PostImages images={images} name="Fridge" />);
    const strip = screen.getByRole('list', { name: 'Photos' });
    expect([...strip.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/media/posts/7/1-thumb.webp',
      '/media/posts/7/2-thumb.webp',
    ]);
    for (const img of strip.querySelectorAll('img')) expect(img.hasAttribute('srcset')).toBe(false);
    expect(container.querySelector('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open photo 2 of 2' }));
    const shown = screen.getByRole('img', { name: 'Fridge, image 2 of 2' });
    expect(shown.getAttribute('src')).toBe('/media/posts/7/2-full.webp');
    expect(shown.hasAttribute('srcset')).toBe(false);
  });

  it('falls back to the full image alone, then to the placeholder without a srcset, when images fail', () => {
    const { container } = render(<PostImages images={[image(1)]} name="Fridge" />);
    fireEvent.error(main(container));
    expect(main(container).getAttribute('src')).toBe('/media/posts/7/1-full.webp');
    expect(main(container).hasAttribute('srcset')).toBe(false);
    fireEvent.error(main(container));
    expect(main(container).getAttribute('src')).toBe(PLACEHOLDER_IMAGE_URL);
    expect(main(container).hasAttribute('srcset')).toBe(false);
    // (Preact sets sizes as a property: it stays, empty, which means nothing without a srcset.)
    expect(main(container).getAttribute('sizes') ?? '').toBe('');
  });
});
