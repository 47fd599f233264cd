import { describe, expect, it } from 'vitest';
import { internationalNumber, parsePhone, telHref, whatsappHref } from './phone';
import { phoneSchema } from './validation';

describe('parsePhone', () => {
  it.each([
    ['0771234567', '263771234567'],
    ['077 123 4567', '263771234567'],
    ['0771-234-567', '263771234567'],
    ['(077) 123 4567', '263771234567'],
    ['0771.234.567', '263771234567'],
    ['+263 77 123 4567', '263771234567'],
    ['+263771234567', '263771234567'],
    ['263771234567', '263771234567'],
    ['00263771234567', '263771234567'],
    ['+263 (0) 77 123 4567', '263771234567'],
    ['2630771234567', '263771234567'],
    ['771234567', '263771234567'],
    ['  0771234567  ', '263771234567'],
    ['0712 345 678', '263712345678'],
    ['0733 123 456', '263733123456'],
    ['0783 123 456', '263783123456'],
  ])('%s is a Zimbabwean mobile, %s', (input, digits) => {
    expect(parsePhone(input)).toEqual({ digits, kind: 'mobile' });
  });

  it.each([
    ['0242 123 456', '263242123456'],
    ['+263 242 123456', '263242123456'],
    ['0292 260 000', '263292260000'],
    ['039 262 123', '26339262123'],
    ['054 222 1234', '263542221234'],
    ['08677 123 456', '2638677123456'],
    ['+263 8644 123 456', '2638644123456'],
  ])('%s is a Zimbabwean landline, %s', (input, digits) => {
    expect(parsePhone(input)).toEqual({ digits, kind: 'landline' });
  });

  it.each([
    ['+27 82 123 4567', '27821234567'],
    ['0027821234567', '27821234567'],
    ['+44 7911 123456', '447911123456'],
    ['+1 (202) 555-0143', '12025550143'],
  ])('%s is an international number, %s', (input, digits) => {
    expect(parsePhone(input)).toEqual({ digits, kind: 'international' });
  });

  it.each([
    '',
    '   ',
    'N/A',
    'call me',
    '12',
    '0',
    '077 123',
    '077123456', // a digit short
    '+26377123',
    '+263 77 123 45678', // a digit too many
    '0751234567', // no such mobile range
    '0191234567',
    '0242 123',
    '+0771234567',
    '27821234567', // another country without its '+'
    '+1234567', // too short for E.164
    '+1234567890123456', // too long for E.164
    '077 123 4567 ext 2',
    '+263+771234567',
  ])('%j is not a number', (input) => {
    expect(parsePhone(input)).toBeNull();
  });
});

describe('phoneSchema', () => {
  it('accepts what parsePhone reads and keeps it as typed (trimmed)', () => {
    expect(phoneSchema.parse(' 077 123 4567 ')).toBe('077 123 4567');
    expect(phoneSchema.parse('+27 82 123 4567')).toBe('+27 82 123 4567');
  });
  it.each(['077 123', '0771234', '+26377123'])(
    'refuses %j with a message that says what to type',
    (input) => {
      const message = phoneSchema.safeParse(input).error?.issues[0]?.message;
      expect(message).toMatch(/077 123 4567/);
      expect(message).toMatch(/country code/);
    },
  );
});

describe('internationalNumber', () => {
  it('is the digits of a valid number, null otherwise', () => {
    expect(internationalNumber('077 123 4567')).toBe('263771234567');
    expect(internationalNumber('077 123')).toBeNull();
  });
});

describe('telHref', () => {
  it('dials the international form', () => {
    expect(telHref('077 123 4567')).toBe('tel:+263771234567');
    expect(telHref('+263 77 123 4567')).toBe('tel:+263771234567');
    expect(telHref('0242 123 456')).toBe('tel:+263242123456');
    expect(telHref('+27 82 123 4567')).toBe('tel:+27821234567');
  });
  it('offers no link for a number nobody can call (stored before the rule)', () => {
    expect(telHref('')).toBeNull();
    expect(telHref('N/A')).toBeNull();
    expect(telHref('077 123')).toBeNull();
    expect(telHref('+26377123')).toBeNull();
  });
});

describe('whatsappHref', () => {
  it('links to wa.me with the number in international digits and the message encoded', () => {
    expect(whatsappHref('0771234567', 'Fridge & freezer https://x.co.zw/posts/7')).toBe(
      'https://wa.me/263771234567?text=Fridge%20%26%20freezer%20https%3A%2F%2Fx.co.zw%2Fposts%2F7',
    );
  });
  it('is for Zimbabwean mobiles only', () => {
    expect(whatsappHref('', 'hi')).toBeNull();
    expect(whatsappHref('12', 'hi')).toBeNull();
    expect(whatsappHref('077 123', 'hi')).toBeNull();
    expect(whatsappHref('0242 123 456', 'hi')).toBeNull();
    expect(whatsappHref('08677 123 456', 'hi')).toBeNull();
    expect(whatsappHref('+27 82 123 4567', 'hi')).toBeNull();
  });
});
