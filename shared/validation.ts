// Input rules shared by the forms and the API (one rule, two places). Messages are the spec's.
import { z } from 'zod';
import { CATEGORIES, CITIES, CURRENCIES, LIMITS, SELL_OR_BUY } from './catalog';
import { isId, parseId } from './ids';
import { MSG } from './messages';
import { EMAIL_PATTERN } from './patterns';
import { parsePhone } from './phone';

export { EMAIL_PATTERN };

// The text rule of every field: no control characters. Nobody types them, and PostgreSQL refuses a
// NUL outright (a 500 before this rule). Tab is allowed; line breaks only in multi-line fields.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the rule refuses
const LINE_OF_TEXT = /^[^\u0000-\u0008\u000a-\u001f\u007f-\u009f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the rule refuses
const LINES_OF_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

export const invalidCharactersMessage = (label: string) =>
  `${label} contains characters that are not allowed`;
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

interface TextRule {
  /** The most characters (after trimming, when `trim`); checked first, so nothing longer meets a pattern. */
  max: number;
  tooLong: string;
  multiline?: boolean;
  trim?: boolean;
}

/**
 * A string that passes the text rule; `message` is the answer for anything that is not a string.
 * Length first (DESIGN §7b): the max check aborts the parse, so no pattern after it (the text rule,
 * the email pattern) ever runs over an oversized input.
 */
export const plainText = (
  message: string,
  invalid: string,
  { max, tooLong, multiline = false, trim = false }: TextRule,
) =>
  (trim ? z.string(message).trim() : z.string(message))
    .max(max, { error: tooLong, abort: true })
    .regex(multiline ? LINES_OF_TEXT : LINE_OF_TEXT, invalid);

const required = (label: string, message: string, max: number, options?: { multiline?: boolean }) =>
  plainText(message, invalidCharactersMessage(label), {
    ...options,
    trim: true,
    max,
    tooLong: tooLongMessage(label, max),
  }).min(1, message);

/** An email, trimmed and lower-cased; every failure answers `invalid`. */
const email = (invalid: string) =>
  plainText(invalid, invalid, { trim: true, max: LIMITS.emailMax, tooLong: invalid })
    .regex(EMAIL_PATTERN, invalid)
    .transform((address) => address.toLowerCase());

export const emailSchema = email(MSG.signup.invalidEmail);

export const phoneSchema = plainText(MSG.signup.invalidPhone, MSG.signup.invalidPhone, {
  trim: true,
  max: LIMITS.phoneMax,
  tooLong: MSG.signup.invalidPhone,
}).refine((phone) => parsePhone(phone) !== null, MSG.signup.invalidPhone);

// Only new passwords follow the text rule: a password being checked is compared with its hash and
// never stored, so it is taken as typed.
export const newPasswordSchema = plainText(
  MSG.signup.passwordTooShort,
  invalidCharactersMessage('Password'),
  {
    max: LIMITS.passwordMax,
    tooLong: MSG.signup.passwordTooLong,
  },
).min(LIMITS.passwordMin, MSG.signup.passwordTooShort);

export const signupSchema = z.object({
  name: required('Name', MSG.signup.fillAll, LIMITS.nameMax),
  email: z.string(MSG.signup.fillAll).trim().min(1, MSG.signup.fillAll).pipe(emailSchema),
  password: z.string(MSG.signup.fillAll).min(1, MSG.signup.fillAll).pipe(newPasswordSchema),
  phoneNumber: z.string(MSG.signup.fillAll).trim().min(1, MSG.signup.fillAll).pipe(phoneSchema),
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: email(MSG.login.invalidEmail),
  password: z.string(MSG.login.passwordRequired).min(1, MSG.login.passwordRequired).max(1024),
});
export type LoginInput = z.input<typeof loginSchema>;

// Create/edit listing (spec §5). Price and rate are free text; a product sends price, a service rate.
const postBase = {
  name: required('Name', MSG.create.nameRequired, LIMITS.postNameMax),
  category: z.enum(CATEGORIES, MSG.create.categoryRequired),
  paymentMethods: required('Payment methods', MSG.create.paymentRequired, LIMITS.postFieldMax),
  details: required('Details', MSG.create.detailsRequired, LIMITS.postDetailsMax, { multiline: true }),
  city: z.enum(CITIES, MSG.create.cityRequired),
  location: required('Location', MSG.create.locationRequired, LIMITS.postFieldMax),
  sell_or_buy: z.enum(SELL_OR_BUY, 'Choose Buy or Sell'),
  /** Beyond the spec (issue 14): absent means US dollars on create and "unchanged" on edit. */
  currency: z.enum(CURRENCIES, 'Currency must be USD or ZiG').optional(),
};
export const productInputSchema = z.object({
  ...postBase,
  type: z.literal('product'),
  price: required('Price', MSG.create.priceRequired, 50),
});
export const serviceInputSchema = z.object({
  ...postBase,
  type: z.literal('service'),
  rate: required('Rate', MSG.create.rateRequired, 50),
});
export const postInputSchema = z.discriminatedUnion('type', [productInputSchema, serviceInputSchema]);
export type PostInput = z.input<typeof postInputSchema>;

export const commentContentSchema = plainText(
  'Comment cannot be empty',
  invalidCharactersMessage('Comment'),
  {
    multiline: true,
    trim: true,
    max: LIMITS.commentMax,
    tooLong: `Comment must be at most ${LIMITS.commentMax} characters`,
  },
).min(1, 'Comment cannot be empty');

/** A message in a conversation (issue 32): trimmed, 1 to 2000 characters, lines of plain text. */
export const messageBodySchema = plainText(MSG.messages.empty, invalidCharactersMessage('Message'), {
  multiline: true,
  trim: true,
  max: LIMITS.messageMax,
  tooLong: MSG.messages.tooLong,
}).min(1, MSG.messages.empty);

export const profileSchema = z.object({
  name: required('Name', MSG.signup.fillAll, LIMITS.nameMax),
  email: emailSchema,
  phoneNumber: z.union([z.literal(''), phoneSchema]),
});

/** First message per field, for forms and the API's `errors` object. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** An id (shared/ids.ts) as a JSON number or as digits (surrounding spaces ignored); else `message`. */
export const idSchema = (message: string) =>
  z.union([z.number(message), z.string(message)], { error: message }).transform((value, ctx) => {
    const id = typeof value === 'number' ? (isId(value) ? value : null) : parseId(value.trim());
    if (id === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return id;
  });
