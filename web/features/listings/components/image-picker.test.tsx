import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../../../shared/messages';
import { LISTING_TEXT } from '../messages';
import { file, stubObjectUrls } from '../test/helpers';
import { ImagePicker, type PickedImage } from './image-picker';

function Picker() {
  const [images, setImages] = useState<PickedImage[]>([]);
  return <ImagePicker images={images} onChange={setImages} />;
}

const input = () => screen.getByLabelText('Add images') as HTMLInputElement;
/** Picks the files and waits until the picker has checked them (a photo over 5 MB is shrunk first). */
async function pick(...files: File[]) {
  fireEvent.change(input(), { target: { files } });
  await waitFor(() => expect(screen.queryByText(LISTING_TEXT.preparingPhotos)).toBeNull());
}
const photos = (n: number) => Array.from({ length: n }, (_, i) => file(`photo-${i + 1}.jpg`, 'image/jpeg'));
const thumbnails = () => screen.queryAllByRole('img');

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  urls = stubObjectUrls();
});
afterEach(() => {
  urls.create.mockReset();
});

describe('ImagePicker', () => {
  it('takes up to 5 images, says so for a 6th, and is disabled at 5', async () => {
    render(<Picker />);
    await pick(...photos(6));
    expect(screen.getByRole('alert').textContent).toBe(MSG.images.tooMany);
    expect(thumbnails().map((img) => img.getAttribute('alt'))).toEqual(photos(5).map((photo) => photo.name));
    expect(input().disabled).toBe(true);
    expect(screen.getByText(/5 of 5 chosen/)).toBeTruthy();
  });

  // These files are not real images: one over 5 MB cannot be shrunk, so it is refused (a real photo is
  // shrunk first: e2e/listing-photos.spec.ts).
  it('refuses a file over 5 MB that cannot be shrunk, and keeps one of exactly 5 MB', async () => {
    render(<Picker />);
    await pick(file('huge.jpg', 'image/jpeg', 5_242_881), file('limit.jpg', 'image/jpeg', 5_242_880));
    expect(screen.getByRole('alert').textContent).toBe(MSG.images.tooBig);
    expect(thumbnails().map((img) => img.getAttribute('alt'))).toEqual(['limit.jpg']);
  });

  it('refuses a file that is not an image, an SVG included', async () => {
    render(<Picker />);
    await pick(file('notes.txt', 'text/plain'), file('logo.svg', 'image/svg+xml'));
    expect(screen.getByRole('alert').textContent).toBe(MSG.images.notImage);
    expect(thumbnails()).toHaveLength(0);
  });

  it('shows each message once when one pick breaks several rules', async () => {
    render(<Picker />);
    await pick(
      ...photos(5),
      file('notes.txt', 'text/plain'),
      file('huge.png', 'image/png', 6_000_000),
      file('x.jpg', 'image/jpeg'),
    );
    const messages = Array.from(screen.getByRole('alert').querySelectorAll('p')).map((p) => p.textContent);
    expect(messages).toEqual([MSG.images.notImage, MSG.images.tooBig, MSG.images.tooMany]);
  });

  it('removes a picked image before upload, revoking its object URL, and enables the picker again', async () => {
    render(<Picker />);
    await pick(...photos(5));
    expect(input().disabled).toBe(true);
    const shown = thumbnails()[1]?.getAttribute('src');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo-2.jpg' }));
    expect(thumbnails().map((img) => img.getAttribute('alt'))).toEqual([
      'photo-1.jpg',
      'photo-3.jpg',
      'photo-4.jpg',
      'photo-5.jpg',
    ]);
    expect(urls.revoke).toHaveBeenCalledWith(shown);
    expect(input().disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('revokes every object URL when the form goes away', async () => {
    const { unmount } = render(<Picker />);
    await pick(...photos(3));
    unmount();
    const created = urls.create.mock.results.map((r) => r.value);
    expect(urls.revoke.mock.calls.map(([url]) => url).sort()).toEqual(created.sort());
  });

  it('is disabled while uploading, remove buttons included', () => {
    const picked = photos(2).map((photo, i) => ({ key: String(i), file: photo }));
    render(<ImagePicker images={picked} onChange={() => {}} disabled />);
    expect(input().disabled).toBe(true);
    const removes = screen.getAllByRole('button', { name: /^Remove / }) as HTMLButtonElement[];
    expect(removes.map((button) => button.disabled)).toEqual([true, true]);
  });
});
