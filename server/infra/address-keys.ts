// A client address as the database keeps it (issue 36): a keyed hash, compared only for equality, so
// "these reports came from one address" can be told without storing anyone's address. The key is
// derived from the cookie secret, so several instances that share it agree. An IPv6 address counts by
// its /64, the block one subscriber is given (a person can pick any address in it); an IPv4-mapped
// IPv6 address counts as its IPv4 address.
import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';

export class AddressKeys {
  readonly #key: Buffer;

  constructor(secret: Buffer) {
    this.#key = createHmac('sha256', secret).update('client-address').digest();
  }

  /** 128 bits of HMAC-SHA256 of the address's network, base64url. */
  of(address: string): string {
    return createHmac('sha256', this.#key)
      .update(networkOf(address))
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}

/** The part of an address that names one subscriber: IPv4 as is, IPv6 its first 64 bits. */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
