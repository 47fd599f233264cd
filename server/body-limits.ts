// Request body limits (DESIGN §7b): a route reads at most what its largest legitimate request needs,
// so a client cannot make the server buffer and parse megabytes of JSON it would refuse anyway.
// Past the limit Fastify stops reading and the error handler answers 413 'The request is too large.'
// The image upload is multipart and streams under its own limits (images/upload-reader.ts); these do
// not apply to it.
//
// Sizes are in bytes of the encoded body. zod counts characters as code points, and one code point is
// at most 4 bytes of UTF-8 (an emoji), 3 for any other script; JSON adds 2 bytes per escaped line
// break and the field names.
const KIB = 1024;

export const BODY_LIMITS = {
  /**
   * Every call not listed below. The largest is a comment: 2,000 characters, 8,000 bytes even if
   * every one is an emoji, plus the post id: 12 KiB leaves room for escapes.
   */
  default: 12 * KIB,
  /**
   * Sign-in, sign-up, the profile and the password calls (JSON or form-encoded). A sign-up is a
   * 100-character name, a 254-character email, a 128-character password and a 30-character phone:
   * about 1 KB in any script but emoji, ~1.1 KB form-encoded for a 128-character password of
   * 3-byte characters.
   */
  credentials: 2 * KIB,
  /**
   * create-post and edit-post: 5,000 characters of details plus name, payment methods, location and
   * price, 5,570 characters, 22,280 bytes even in emoji.
   */
  post: 32 * KIB,
} as const;
