// Data saver (decision 026): text cards that load a photo only when asked, a switch remembered on the
// device, and on by default where the browser says data is precious.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDataSaverOn } from '../../../lib/data-saver';
import { product } from '../../../test/post-data';
import { DataSaverSwitch } from './data-saver-switch';
import { PostCard } from './post-card';

const renderFeed = () =>
  render(
    <MemoryRouter>
      <DataSaverSwitch />
      <PostCard post={product()} />
    </MemoryRouter>,
  );
const saver = () => screen.getByRole('switch', { name: 'Data saver' });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('Data saver', () => {
  it('is off by default on a fast link: the card shows its photo', () => {
    const { container } = renderFeed();
    expect(saver().getAttribute('aria-checked')).toBe('false');
    expect(container.querySelector('img')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Show photo' })).toBeNull();
  });

  it('switched on: no image until Show photo is tapped, and remembered', () => {
    const { container, unmount } = renderFeed();
    fireEvent.click(saver());
    expect(saver().getAttribute('aria-checked')).toBe('true');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('$250 per item')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show photo' }));
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/posts/7/1-thumb.webp');
    unmount();

    const again = renderFeed();
    expect(saver().getAttribute('aria-checked')).toBe('true');
    expect(again.container.querySelector('img')).toBeNull();
    act(() => fireEvent.click(saver()));
    expect(again.container.querySelector('img')).not.toBeNull();
    expect(localStorage.getItem('dataSaver')).toBe('off');
  });

  it('starts on when the browser asks to save data or the link is 2G or 3G, until the user chooses', () => {
    const withConnection = (connection: object) =>
      vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { connection }));
    withConnection({ saveData: true, effectiveType: '4g' });
    expect(isDataSaverOn()).toBe(true);
    withConnection({ saveData: false, effectiveType: '3g' });
    expect(isDataSaverOn()).toBe(true);
    withConnection({ saveData: false, effectiveType: '4g' });
    expect(isDataSaverOn()).toBe(false);
    withConnection({ saveData: true, effectiveType: '2g' });
    localStorage.setItem('dataSaver', 'off');
    expect(isDataSaverOn()).toBe(false);
  });
});
