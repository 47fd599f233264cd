// Stable error codes. Every error answer names one in the `x-error-code` header (the body stays the
// DESIGN §4 `{ message, errors? }`), so clients branch on the code and never on message text: a 401
// 'not_signed_in' ends the browser's session, a 401 'wrong_password' (the /pass check) does not.
export const ERROR_CODE_HEADER = 'x-error-code';

export const ERROR_CODES = [
  'invalid_input',
  'not_signed_in',
  'wrong_password',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_media',
  'rate_limited',
  'unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
