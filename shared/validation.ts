// Input rules shared by the forms and the API (one rule, two places). Messages are the spec's.
import { z } from 'zod';
import { CATEGORIES, CITIES, LIMITS, SELL_OR_BUY } from './catalog';
import { MSG } from './messages';
import { EMAIL_PATTERN } from './patterns';

export { EMAIL_PATTERN };

// Digits with the usual separators; at least 6 digits so a typo like "12" is caught.
const PHONE_PATTERN = /^\+?[\d\s()-]{6,30}$/;

// The text rule of every field: no control characters. Nobody types them, and PostgreSQL refuses a
// NUL outright (a 500 before this rule). Tab is allowed; line breaks only in multi-line fields.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the rule refuses
const LINE_OF_TEXT = /^[^\u0000-\u0008\u000a-\u001f\u007f-\u009f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the rule refuses
const LINES_OF_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

export const invalidCharactersMessage = (label: string) =>
  `${label} contains characters that are not allowed`;
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** A string that passes the text rule; `message` is the answer for anything that is not a string. */
export const plainText = (message: string, invalid: string, { multiline = false } = {}) =>
  z.string(message).regex(multiline ? LINES_OF_TEXT : LINE_OF_TEXT, invalid);

const required = (label: string, message: string, max: number, options?: { multiline?: boolean }) =>
  plainText(message, invalidCharactersMessage(label), options)
    .trim()
    .min(1, message)
    .max(max, tooLongMessage(label, max));

export const emailSchema = plainText(MSG.signup.invalidEmail, MSG.signup.invalidEmail)
  .trim()
  .max(LIMITS.emailMax, MSG.signup.invalidEmail)
  .regex(EMAIL_PATTERN, MSG.signup.invalidEmail)
  .transform((email) => email.toLowerCase());

export const phoneSchema = plainText(MSG.signup.invalidPhone, MSG.signup.invalidPhone)
  .trim()
  .refine(
    (phone) => PHONE_PATTERN.test(phone) && phone.replace(/\D/g, '').length >= 6,
    MSG.signup.invalidPhone,
  );

// Only new passwords follow the text rule: a password being checked is compared with its hash and
// never stored, so it is taken as typed.
export const newPasswordSchema = plainText(MSG.signup.passwordTooShort, invalidCharactersMessage('Password'))
  .min(LIMITS.passwordMin, MSG.signup.passwordTooShort)
  .max(LIMITS.passwordMax, MSG.signup.passwordTooLong);

export const signupSchema = z.object({
  name: required('Name', MSG.signup.fillAll, LIMITS.nameMax),
  email: z.string(MSG.signup.fillAll).trim().min(1, MSG.signup.fillAll).pipe(emailSchema),
  password: z.string(MSG.signup.fillAll).min(1, MSG.signup.fillAll).pipe(newPasswordSchema),
  phoneNumber: z.string(MSG.signup.fillAll).trim().min(1, MSG.signup.fillAll).pipe(phoneSchema),
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: plainText(MSG.login.invalidEmail, MSG.login.invalidEmail)
    .trim()
    .max(LIMITS.emailMax, MSG.login.invalidEmail)
    .regex(EMAIL_PATTERN, MSG.login.invalidEmail)
    .transform((email) => email.toLowerCase()),
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
  },
)
  .trim()
  .min(1, 'Comment cannot be empty')
  .max(LIMITS.commentMax, `Comment must be at most ${LIMITS.commentMax} characters`);

export const profileSchema = z.object({
  name: required('Name', MSG.signup.fillAll, LIMITS.nameMax),
  email: emailSchema,
  phoneNumber: z.union([z.literal(''), phoneSchema]),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** First message per field, for forms and the API's `errors` object. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}
