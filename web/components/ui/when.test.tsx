// When: the relative time in the card, the full date written only when the pointer comes over it.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { When } from './when';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('When', () => {
  it('shows the age, and the full posting date on hover', () => {
    vi.useFakeTimers({ now: new Date('2024-03-05T10:00:00Z'), toFake: ['Date'] });
    render(<When at="2024-03-05T07:04:00Z" />);
    const time = screen.getByText('2h');
    expect(time.getAttribute('datetime')).toBe('2024-03-05T07:04:00Z');
    expect(time.hasAttribute('title')).toBe(false);
    fireEvent.pointerEnter(time);
    // Singapore, the spec's zone: 8 hours ahead of UTC.
    expect(time.getAttribute('title')).toBe('Mar 5, 2024, 3:04 PM');
  });
});
