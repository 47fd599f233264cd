import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../../../shared/messages';
import { stubDialogMethods } from '../../../test/dialog';
import { ContactLinks, SAFETY_NOTE_KEY } from './contact-links';

// Whether the app let the last click through (it holds a link back with preventDefault). Read after the
// app's own handlers, then held back here: jsdom cannot navigate to a tel: or wa.me address.
let letThrough: boolean | null = null;
const watchClicks = (event: Event) => {
  letThrough = !event.defaultPrevented;
  event.preventDefault();
};

beforeAll(stubDialogMethods);
beforeEach(() => document.addEventListener('click', watchClicks));
afterEach(() => {
  document.removeEventListener('click', watchClicks);
  localStorage.clear();
});

const call = () => screen.getByRole('link', { name: 'Call 077 123 4567' });
const whatsapp = () => screen.getByRole('link', { name: 'WhatsApp' });
const note = () => screen.queryByRole('dialog', { name: 'Before you get in touch' });
/** Clicks `link`: true when the app let the browser follow it. */
function followed(link: HTMLElement) {
  letThrough = null;
  fireEvent.click(link);
  return letThrough;
}

describe('Contact links: the safety note', () => {
  it('comes before the first contact, continues to the chosen link, and never shows again', () => {
    render(<ContactLinks phone="077 123 4567" name="Fridge" postId={7} />);
    expect(note()).toBeNull();

    expect(followed(whatsapp())).toBe(false);
    const dialog = note() as HTMLElement;
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(MSG.safety.contactNote)).toBeTruthy();
    const proceed = within(dialog).getByRole('link', { name: MSG.safety.contactContinue });
    // The same chat the user chose, opening as WhatsApp does (a new tab).
    expect(proceed.getAttribute('href')).toBe(whatsapp().getAttribute('href'));
    expect(proceed.getAttribute('target')).toBe('_blank');
    expect(followed(proceed)).toBe(true);
    expect(localStorage.getItem(SAFETY_NOTE_KEY)).toBe('true');
    expect(note()).toBeNull();

    // Seen: both links go straight through.
    expect(followed(call())).toBe(true);
    expect(followed(whatsapp())).toBe(true);
    expect(note()).toBeNull();
  });

  it('continues to a call in place, and is remembered across screens', () => {
    const { unmount } = render(<ContactLinks phone="077 123 4567" name="Fridge" postId={7} />);
    expect(followed(call())).toBe(false);
    const proceed = within(note() as HTMLElement).getByRole('link', { name: MSG.safety.contactContinue });
    expect(proceed.getAttribute('href')).toBe('tel:+263771234567');
    expect(proceed.getAttribute('target')).toBeNull();
    fireEvent.click(proceed);
    unmount();

    render(<ContactLinks phone="077 123 4567" name="Another post" postId={8} />);
    expect(followed(call())).toBe(true);
    expect(note()).toBeNull();
  });

  it('shows again after Cancel, until the user continues', () => {
    render(<ContactLinks phone="077 123 4567" name="Fridge" postId={7} />);
    followed(call());
    fireEvent.click(within(note() as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(note()).toBeNull();
    expect(localStorage.getItem(SAFETY_NOTE_KEY)).toBeNull();
    expect(followed(call())).toBe(false);
    expect(note()).not.toBeNull();
  });
});

describe('Contact links: which are offered', () => {
  const links = () => screen.queryAllByRole('link').map((link) => link.getAttribute('href'));

  it('a Zimbabwean mobile gets Call and WhatsApp', () => {
    render(<ContactLinks phone="+263 77 123 4567" name="Fridge" postId={7} />);
    expect(links()).toEqual([
      'tel:+263771234567',
      expect.stringMatching(/^https:\/\/wa\.me\/263771234567\?/),
    ]);
  });

  it.each(['0242 123 456', '+27 82 123 4567'])('%s gets Call only (no WhatsApp)', (phone) => {
    render(<ContactLinks phone={phone} name="Fridge" postId={7} />);
    expect(links()).toEqual([expect.stringMatching(/^tel:\+/)]);
    expect(screen.queryByRole('link', { name: 'WhatsApp' })).toBeNull();
  });

  it('a number stored before the rule that nobody can call shows as written, without links', () => {
    render(<ContactLinks phone="077 123" name="Fridge" postId={7} />);
    expect(links()).toEqual([]);
    expect(screen.getByText('077 123')).toBeTruthy();
  });

  // A seller who keeps their number off their posts (issue 32): the API answers '' and buyers message
  // them instead, so there is no link, no 'N/A' and no safety note to open.
  it.each(['', '  '])('no number (%j) renders nothing', (phone) => {
    const { container } = render(<ContactLinks phone={phone} name="Fridge" postId={7} />);
    expect(container.innerHTML).toBe('');
    expect(note()).toBeNull();
  });
});
