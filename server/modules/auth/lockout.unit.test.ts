// The lockout counts an attempt before its password is verified, so parallel guesses cannot all slip
// in before the first failure is recorded (DESIGN §7b); a right password takes its attempt back.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { LoginLockout } from './lockout';

const lockout = () => new LoginLockout({ perAddress: 3, allAddresses: 5, windowMs: 60_000 });
const account = ['kuda@example.co.zw'];

/** A password check that answers only when told to. */
function pending<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    answer = resolve;
  });
  return { verify: () => promise, answer };
}

const status = (error: unknown) => (error instanceof AppError ? error.statusCode : error);

describe('LoginLockout.check', () => {
  it('refuses the attempt after the limit while the earlier ones are still being verified', async () => {
    const limits = lockout();
    const checks = [pending<boolean>(), pending<boolean>(), pending<boolean>()];
    const running = checks.map((c) => limits.check(account, '203.0.113.1', c.verify));
    await expect(limits.check(account, '203.0.113.1', async () => true).catch(status)).resolves.toBe(429);
    // Another address is not locked by them.
    await expect(limits.check(account, '198.51.100.1', async () => true)).resolves.toBe(true);
    for (const c of checks) c.answer(false);
    await expect(Promise.all(running)).resolves.toEqual([false, false, false]);
  });

  it('a right password clears its address and does not count across addresses', async () => {
    const limits = lockout();
    for (const ip of ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.3'])
      await limits.check(account, ip, async () => false);
    // 4 failures of the 5 allowed across addresses; a right password is not a fifth.
    await expect(limits.check(account, '203.0.113.1', async () => ({ id: 7 }))).resolves.toEqual({ id: 7 });
    expect(limits.retryAfterSeconds(account, '203.0.113.9')).toBe(0);
    await limits.check(account, '203.0.113.4', async () => false);
    expect(limits.retryAfterSeconds(account, '203.0.113.9')).toBeGreaterThan(0);
  });

  it('takes the attempt back when the check fails without an answer', async () => {
    const limits = lockout();
    for (let i = 0; i < 5; i++) {
      const failing = limits.check(account, '203.0.113.1', async () => {
        throw new Error('database unavailable');
      });
      await expect(failing).rejects.toThrow('database unavailable');
    }
    expect(limits.retryAfterSeconds(account, '203.0.113.1')).toBe(0);
  });
});
