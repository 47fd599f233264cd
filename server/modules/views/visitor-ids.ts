// Anonymous visitors are told apart by an id the server issues in an HttpOnly cookie, signed so that a
// client cannot mint its own (a forged or unsigned id is replaced). Dropping the cookie gets a fresh
// id, so each address may be issued only a few new ids an hour; past that its visitors count as one
// viewer (the address), and a script cannot inflate a post's unique viewers from one machine.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AttemptLimiter } from '../../infra/attempt-limiter';

const ID_BYTES = 16;
const SIGNATURE_CHARS = 22; // 132 bits of HMAC-SHA256, base64url
const COOKIE_VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;
const HOUR_MS = 3_600_000;

export class VisitorIds {
  private readonly issuedPerAddress: AttemptLimiter;

  constructor(
    private readonly secret: Buffer,
    newPerAddressPerHour: number,
  ) {
    this.issuedPerAddress = new AttemptLimiter(newPerAddressPerHour, HOUR_MS);
  }

  private sign(id: string): string {
    return createHmac('sha256', this.secret)
      .update(`vid:${id}`)
      .digest('base64url')
      .slice(0, SIGNATURE_CHARS);
  }

  /** The visitor id in a cookie value this server issued, else null. */
  verify(cookieValue: string | undefined): string | null {
    const match = cookieValue ? COOKIE_VALUE.exec(cookieValue) : null;
    if (!match) return null;
    const [, id = '', signature = ''] = match;
    const expected = Buffer.from(this.sign(id));
    return timingSafeEqual(expected, Buffer.from(signature)) ? id : null;
  }

  /** A new id and its cookie value for a visitor at `address`, or null when the address had its share. */
  issue(address: string, now = Date.now()): { id: string; cookieValue: string } | null {
    if (this.issuedPerAddress.retryAfterSeconds(address, now) > 0) return null;
    this.issuedPerAddress.record(address, now);
    const id = randomBytes(ID_BYTES).toString('base64url');
    return { id, cookieValue: `${id}.${this.sign(id)}` };
  }
}
