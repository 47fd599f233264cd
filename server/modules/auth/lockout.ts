// Password checks (login, the /pass check, change-password) lock an account per client address, so
// a stranger failing on purpose cannot lock the owner out of their own devices, and under a higher
// ceiling across all addresses, so a guesser spread over many addresses is still stopped (DESIGN §4,
// decision 007).
//
// An attempt is counted before its password is verified (DESIGN §7b). Verifying takes an argon2 hash
// (~10 ms) and a database read; counted only after that, parallel guesses all passed the "locked?"
// test before the first failure was recorded (33 of 60 were checked with a limit of 10). Counting and
// testing happen in one synchronous step, so the 11th parallel guess already sees 10.
//
// With REDIS_URL the counts are shared by every instance (infra/shared-store/counters.ts, decision 023): an
// attacker locked out at one instance is locked out at all of them.
import { tooManyRequests } from '../../errors';
import { type CounterRule, Counters, type Hit } from '../../infra/shared-store/counters';

export interface LockoutLimits {
  /** Failures per account from one address per window (DESIGN §4: 10 per 15 minutes). */
  perAddress: number;
  /** Failures per account from all addresses together per window. */
  allAddresses: number;
  windowMs: number;
}

export class LoginLockout {
  private readonly perAddress: CounterRule;
  private readonly allAddresses: CounterRule;

  constructor(
    limits: LockoutLimits,
    private readonly counters = new Counters(),
  ) {
    this.perAddress = { name: 'login-address', max: limits.perAddress, windowMs: limits.windowMs };
    this.allAddresses = { name: 'login-account', max: limits.allAddresses, windowMs: limits.windowMs };
  }

  /**
   * Runs one password check of an account from `ip`: 429 when the account is locked there; else the
   * attempt counts as a failure from the start and `verify` decides. A truthy answer (true, or the
   * user) means the password was right: it is returned, the attempt is taken back and this address's
   * count cleared. A check that throws (the database is down) takes its attempt back too. An account
   * has one or more keys (its email, and `user:<id>` when signed in, so changing the email resets
   * nothing).
   */
  async check<T>(accountKeys: string[], ip: string, verify: () => Promise<T>): Promise<T> {
    const here = accountKeys.map((key): Hit => ({ rule: this.perAddress, key: addressKey(key, ip) }));
    const everywhere = accountKeys.map((key): Hit => ({ rule: this.allAddresses, key }));
    const taken = await this.counters.take([...here, ...everywhere]);
    if (taken.retryAfterSeconds > 0) throw tooManyRequests(taken.retryAfterSeconds);
    let answer: T;
    try {
      answer = await verify();
    } catch (error) {
      await this.counters.undo([...here, ...everywhere], taken);
      throw error;
    }
    // A right password clears this address's count. Across addresses only its own attempt is taken
    // back; the rest runs out with its window: the owner signing in must not hand a distributed
    // guesser a fresh allowance.
    if (answer) {
      await this.counters.reset(here);
      await this.counters.undo(everywhere, taken);
    }
    return answer;
  }

  /** Seconds until `ip` may check a password of the account again by this instance's counts, or 0. */
  retryAfterSeconds(accountKeys: string[], ip: string): number {
    return this.counters.localWait(
      accountKeys.flatMap((key) => [
        { rule: this.perAddress, key: addressKey(key, ip) },
        { rule: this.allAddresses, key },
      ]),
    );
  }
}

const addressKey = (accountKey: string, ip: string) => `${accountKey}\n${ip}`;
