import { describe, expect, it } from 'vitest';
import { internationalNumber, telHref, whatsappHref } from './phone';

describe('internationalNumber', () => {
  it.each([
    ['0771234567', '263771234567'],
    ['077 123 4567', '263771234567'],
    ['0771-234-567', '263771234567'],
    ['(077) 123 4567', '263771234567'],
    ['+263 77 123 4567', '263771234567'],
    ['+263771234567', '263771234567'],
    ['263771234567', '263771234567'],
    ['00263771234567', '263771234567'],
    ['+263 (0) 77 123 4567', '263771234567'],
    ['2630771234567', '263771234567'],
    ['771234567', '263771234567'],
    ['0242791234', '263242791234'],
    ['+27 82 123 4567', '27821234567'],
    ['0027821234567', '27821234567'],
    ['  0771234567  ', '263771234567'],
  ])('%s -> %s', (input, expected) => {
    expect(internationalNumber(input)).toBe(expected);
  });

  it.each(['', '   ', 'N/A', '12', '0', '+0771234567', '1234567890123456'])('%j is not a number', (input) => {
    expect(internationalNumber(input)).toBeNull();
  });
});

describe('telHref', () => {
  it('dials the international form', () => {
    expect(telHref('077 123 4567')).toBe('tel:+263771234567');
    expect(telHref('+263 77 123 4567')).toBe('tel:+263771234567');
  });
  it('keeps short local numbers dialable as typed', () => {
    expect(telHref('112')).toBe('tel:112');
  });
  it('has no link without digits', () => {
    expect(telHref('')).toBeNull();
    expect(telHref('N/A')).toBeNull();
  });
});

describe('whatsappHref', () => {
  it('links to wa.me with the number in international digits and the message encoded', () => {
    expect(whatsappHref('0771234567', 'Fridge & freezer https://x.co.zw/posts/7')).toBe(
      'https://wa.me/263771234567?text=Fridge%20%26%20freezer%20https%3A%2F%2Fx.co.zw%2Fposts%2F7',
    );
  });
  it('is null for a number WhatsApp cannot reach', () => {
    expect(whatsappHref('', 'hi')).toBeNull();
    expect(whatsappHref('12', 'hi')).toBeNull();
  });
});
