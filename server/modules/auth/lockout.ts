// Failed password checks (login, the /pass check, change-password) lock an account per client
// address, so a stranger failing on purpose cannot lock the owner out of their own devices, and
// under a higher ceiling across all addresses, so a guesser spread over many addresses is still
// stopped (DESIGN §4, decision 007).
import { AttemptLimiter } from '../../plugins/attempt-limiter';

export interface LockoutLimits {
  /** Failures per account from one address per window (DESIGN §4: 10 per 15 minutes). */
  perAddress: number;
  /** Failures per account from all addresses together per window. */
  allAddresses: number;
  windowMs: number;
}

export class LoginLockout {
  private readonly perAddress: AttemptLimiter;
  private readonly allAddresses: AttemptLimiter;

  constructor(limits: LockoutLimits) {
    this.perAddress = new AttemptLimiter(limits.perAddress, limits.windowMs);
    this.allAddresses = new AttemptLimiter(limits.allAddresses, limits.windowMs);
  }

  /**
   * Seconds until `ip` may check a password of the account again, or 0. An account has one or more
   * keys (its email, and `user:<id>` when signed in, so changing the email resets nothing).
   */
  retryAfterSeconds(accountKeys: string[], ip: string): number {
    return Math.max(
      0,
      ...accountKeys.map((key) =>
        Math.max(
          this.perAddress.retryAfterSeconds(addressKey(key, ip)),
          this.allAddresses.retryAfterSeconds(key),
        ),
      ),
    );
  }

  recordFailure(accountKeys: string[], ip: string) {
    for (const key of accountKeys) {
      this.perAddress.record(addressKey(key, ip));
      this.allAddresses.record(key);
    }
  }

  /**
   * A right password clears this address's count. The all-addresses count runs out with its window:
   * the owner signing in must not hand a distributed guesser a fresh allowance.
   */
  recordSuccess(accountKeys: string[], ip: string) {
    for (const key of accountKeys) this.perAddress.reset(addressKey(key, ip));
  }
}

const addressKey = (accountKey: string, ip: string) => `${accountKey}\n${ip}`;
