import { describe, expect, it } from 'vitest';
import { hasChoice, paymentParts, toggleChoice, withChoice, withoutChoice } from './payment-choices';

describe('payment choices on the free text', () => {
  it('reads the comma-separated parts, trimmed, without empty ones', () => {
    expect(paymentParts(' Cash ,, EcoCash , ')).toEqual(['Cash', 'EcoCash']);
    expect(paymentParts('')).toEqual([]);
  });

  it('finds a choice as a whole part, in any case', () => {
    expect(hasChoice('cash usd, ECOCASH', 'EcoCash')).toBe(true);
    expect(hasChoice('cash usd, ECOCASH', 'Cash USD')).toBe(true);
    expect(hasChoice('EcoCash only', 'EcoCash')).toBe(false);
    expect(hasChoice('Cash (USD)', 'Cash USD')).toBe(false);
  });

  it('adds a choice as the last part and removes every part naming it', () => {
    expect(withChoice('', 'EcoCash')).toBe('EcoCash');
    expect(withChoice('EcoCash, ', 'Cash USD')).toBe('EcoCash, Cash USD');
    expect(withoutChoice('ecocash, Cash USD, EcoCash', 'EcoCash')).toBe('Cash USD');
    expect(withoutChoice('EcoCash', 'EcoCash')).toBe('');
  });

  it('toggles, and refuses an addition past the limit', () => {
    expect(toggleChoice('EcoCash', 'Swipe', 14)).toBe('EcoCash, Swipe');
    expect(toggleChoice('EcoCash', 'Swipe', 13)).toBeNull();
    // Taking one out always fits.
    expect(toggleChoice('EcoCash, Swipe', 'swipe', 5)).toBe('EcoCash');
  });
});
