// Phone numbers as people in Zimbabwe type them ('0771 234 567', '+263 77 123 4567', '263771234567')
// turned into the international form that tel: and WhatsApp (wa.me) links need.

export const ZIMBABWE_CODE = '263';
/** The shortest international number (country code + subscriber) worth linking to. */
const MIN_INTERNATIONAL_DIGITS = 8;

/**
 * The number in international digits without '+', e.g. '263771234567', or null when it cannot be one.
 * Zimbabwean numbers are assumed when no country is given: a leading trunk 0 becomes 263
 * ('0771234567'), and a bare 9-digit mobile number ('771234567') gets 263 in front. A number that
 * already carries a country code ('+27…', '0027…', '263…') keeps it; '2630771…' loses the stray 0.
 */
export function internationalNumber(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return null;
  let international: string;
  if (trimmed.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (digits.startsWith('0')) international = ZIMBABWE_CODE + digits.slice(1);
  else if (digits.startsWith(ZIMBABWE_CODE)) international = digits;
  else if (/^7\d{8}$/.test(digits)) international = ZIMBABWE_CODE + digits;
  else international = digits;
  // '+263 0771…' and '2630771…': the trunk 0 is dropped after a country code.
  if (international.startsWith(`${ZIMBABWE_CODE}0`)) {
    international = ZIMBABWE_CODE + international.slice(ZIMBABWE_CODE.length + 1);
  }
  const valid = international.length >= MIN_INTERNATIONAL_DIGITS && international.length <= 15;
  return valid && !international.startsWith('0') ? international : null;
}

/** A tap-to-call href: 'tel:+263771234567', or the typed digits when the number is not international. */
export function telHref(phone: string): string | null {
  const international = internationalNumber(phone);
  if (international) return `tel:+${international}`;
  const dialable = phone.replace(/[^\d+]/g, '');
  return dialable ? `tel:${dialable}` : null;
}

/** A WhatsApp chat link with a prefilled message, or null when the number cannot be reached there. */
export function whatsappHref(phone: string, message: string): string | null {
  const international = internationalNumber(phone);
  if (!international) return null;
  return `https://wa.me/${international}?text=${encodeURIComponent(message)}`;
}
