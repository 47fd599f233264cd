// Phone numbers: the one rule for what a member may save (sign-up, profile) and for which contact
// links a number gets (decision 015). People in Zimbabwe type '0771 234 567', '+263 77 123 4567',
// '263771234567' or '0242 123 456'; people abroad '+27 82 123 4567'. A number is one of:
//   mobile        a Zimbabwean mobile: 7 then 1, 3, 7 or 8 (NetOne, Telecel, Econet), 9 digits
//                 after the country code; the only kind offered on WhatsApp
//   landline      a Zimbabwean fixed line: an area code from 2 to 6 and the subscriber, 7 to 9
//                 digits after the country code ('0242 123 456', '039 262 123'), or a non-geographic
//                 VoIP number 86 + 8 digits ('08677 123 456')
//   international another country's number in E.164, written with '+' or '00' and its country code
//                 (8 to 15 digits in all)
// Anything else ('077 123', a digit short, letters) is not a number anyone can call.

export const ZIMBABWE_CODE = '263';

export type PhoneKind = 'mobile' | 'landline' | 'international';

export interface Phone {
  /** The number in international digits without '+', e.g. '263771234567'. */
  digits: string;
  kind: PhoneKind;
}

/** Digits with the usual separators (spaces, dots, hyphens, brackets) and at most one leading '+'. */
const SHAPE = /^\+?[\d\s().-]+$/;
const ZIMBABWE_MOBILE = /^7[1378]\d{7}$/;
const ZIMBABWE_LANDLINE = /^(?:[2-6]\d{6,8}|86\d{8})$/;
const E164 = /^[1-9]\d{7,14}$/;
/** Longer than any way of writing a number (the field allows 30 characters). */
const MAX_INPUT = 40;

/** A Zimbabwean number after the country code (the trunk 0 already dropped). */
function zimbabwean(national: string): Phone | null {
  const digits = ZIMBABWE_CODE + national;
  if (ZIMBABWE_MOBILE.test(national)) return { digits, kind: 'mobile' };
  if (ZIMBABWE_LANDLINE.test(national)) return { digits, kind: 'landline' };
  return null;
}

/**
 * The number as the rule above reads it, or null when it is not one. Without a country, Zimbabwe is
 * meant: a leading trunk 0 is dropped ('0771234567'), '263…' is read as the country code, and a bare
 * 9-digit mobile ('771234567') is Zimbabwean too. A stray trunk 0 after 263 ('+263 (0) 77…') is dropped.
 */
export function parsePhone(input: string): Phone | null {
  const trimmed = input.trim();
  if (trimmed.length > MAX_INPUT || !SHAPE.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  let international: string | null = null;
  if (trimmed.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  if (international === null) {
    // Written the Zimbabwean way.
    if (digits.startsWith('0')) return zimbabwean(digits.slice(1));
    if (digits.startsWith(ZIMBABWE_CODE)) return zimbabwean(withoutTrunkZero(digits.slice(3)));
    return ZIMBABWE_MOBILE.test(digits) ? zimbabwean(digits) : null;
  }
  if (international.startsWith(ZIMBABWE_CODE)) return zimbabwean(withoutTrunkZero(international.slice(3)));
  return E164.test(international) ? { digits: international, kind: 'international' } : null;
}

const withoutTrunkZero = (national: string) => (national.startsWith('0') ? national.slice(1) : national);

/** The number in international digits without '+' ('263771234567'), or null when it is not a number. */
export function internationalNumber(phone: string): string | null {
  return parsePhone(phone)?.digits ?? null;
}

/** A tap-to-call href ('tel:+263771234567'), or null when the number cannot be called. */
export function telHref(phone: string): string | null {
  const parsed = parsePhone(phone);
  return parsed ? `tel:+${parsed.digits}` : null;
}

/**
 * A WhatsApp chat link with a prefilled message, for Zimbabwean mobile numbers only: a landline has no
 * WhatsApp, and for another country's number we cannot tell a mobile from a landline.
 */
export function whatsappHref(phone: string, message: string): string | null {
  const parsed = parsePhone(phone);
  if (parsed?.kind !== 'mobile') return null;
  return `https://wa.me/${parsed.digits}?text=${encodeURIComponent(message)}`;
}

/** A WhatsApp link that lets the user pick whom to send `message` to (the Share fallback, decision 026). */
export const whatsappShareHref = (message: string) => `https://wa.me/?text=${encodeURIComponent(message)}`;
