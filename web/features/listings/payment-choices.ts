// The payment-methods field's quick choices (issue 14) as edits of its free text: the text is a
// comma-separated list, a choice is in it when one of its parts is the choice's word (any case), and
// tapping a choice adds or removes that part. Typing stays free; these only read and rewrite the parts.
import { LIMITS } from '../../../shared/catalog';

const SEPARATOR = ', ';

/** The text's comma-separated parts, trimmed, empty ones left out. */
export const paymentParts = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** Whether the text names this choice as one of its parts ('ecocash, cash' names 'EcoCash'). */
export const hasChoice = (text: string, choice: string) =>
  paymentParts(text).some((part) => same(part, choice));

/** The text with the choice added as a last part ('Cash' + 'EcoCash' -> 'Cash, EcoCash'). */
export const withChoice = (text: string, choice: string) => [...paymentParts(text), choice].join(SEPARATOR);

/** The text without the parts that name the choice (the other parts as typed, trimmed). */
export const withoutChoice = (text: string, choice: string) =>
  paymentParts(text)
    .filter((part) => !same(part, choice))
    .join(SEPARATOR);

/** The text after tapping the choice, or null when adding it would pass the field's limit. */
export function toggleChoice(text: string, choice: string, max: number = LIMITS.postFieldMax) {
  if (hasChoice(text, choice)) return withoutChoice(text, choice);
  const next = withChoice(text, choice);
  return next.length <= max ? next : null;
}
