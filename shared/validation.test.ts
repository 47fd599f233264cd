// Length before patterns, and linear patterns (DESIGN §7b): an oversized or hostile input is refused
// in time proportional to its size, never by a pattern backtracking over it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from './messages';
import { EMAIL_PATTERN } from './patterns';
import { commentContentSchema, loginSchema, profileSchema, signupSchema } from './validation';

const dots = (n: number) => `a@${'.'.repeat(n)}@`;

describe('EMAIL_PATTERN', () => {
  it.each(['kuda@example.co.zw', 'a@b.c', 'a@.b.c', 'a@b..c', 'first.last+tag@mail.example.com'])(
    'accepts %s',
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(true);
    },
  );

  it.each(['a@b', 'a@b.', 'a@.b', 'a@.', '@b.c', 'a b@c.d', 'a@b@c.d', 'a@b.c d', 'a@@b.c'])(
    'refuses %s',
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(false);
    },
  );

  it('takes linear time on a domain of many dots (it took 13 s for 100,000 before)', () => {
    const started = performance.now();
    for (const text of [dots(100_000), `a@b${'.'.repeat(100_000)} `]) {
      expect(EMAIL_PATTERN.test(text)).toBe(false);
    }
    // Linear is a few milliseconds here; the quadratic pattern does not finish 100,000 in seconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('length before patterns', () => {
  afterEach(() => vi.restoreAllMocks());

  /**
   * Every string one of our patterns was run over during `parse`. Ours are all anchored (`^...$`);
   * zod counts code points of an overlong string with an unanchored one of its own, which is linear.
   */
  function patternInputs(parse: () => void): string[] {
    const test = vi.spyOn(RegExp.prototype, 'test');
    parse();
    return test.mock.calls
      .filter((_call, i) => (test.mock.contexts[i] as RegExp).source.startsWith('^'))
      .map(([text]) => String(text));
  }

  it('refuses an oversized email with the email message, and no pattern ever sees it', () => {
    const email = dots(100_000);
    const cases = [
      [() => loginSchema.safeParse({ email, password: 'x' }), MSG.login.invalidEmail],
      [
        () =>
          signupSchema.safeParse({ name: 'Kuda', email, password: 'password123', phoneNumber: '0771234567' }),
        MSG.signup.invalidEmail,
      ],
      [() => profileSchema.safeParse({ name: 'Kuda', email, phoneNumber: '' }), MSG.signup.invalidEmail],
    ] as const;
    for (const [parse, message] of cases) {
      let result: ReturnType<typeof parse> | undefined;
      const seen = patternInputs(() => {
        result = parse();
      });
      expect(result?.success).toBe(false);
      expect(result?.error?.issues.find((issue) => issue.path[0] === 'email')?.message).toBe(message);
      expect(seen.filter((text) => text.length > 1000).map((text) => text.length)).toEqual([]);
    }
  });

  it('answers the too-long message of a text field before its character rule', () => {
    const content = `${'x'.repeat(3000)}\u0000`;
    const seen = patternInputs(() => {
      const result = commentContentSchema.safeParse(content);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Comment must be at most 2000 characters',
      ]);
    });
    expect(seen.map((text) => text.length)).toEqual([]);
  });

  it('still refuses control characters and keeps the spec messages within the limits', () => {
    const ok = {
      name: 'Kuda Moyo',
      email: ' Kuda@Example.co.zw ',
      password: 'password123',
      phoneNumber: '0771234567',
    };
    expect(signupSchema.parse(ok).email).toBe('kuda@example.co.zw');
    expect(signupSchema.safeParse({ ...ok, name: 'Ku\u0000da' }).error?.issues[0]?.message).toBe(
      'Name contains characters that are not allowed',
    );
    expect(signupSchema.safeParse({ ...ok, name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      'Name must be at most 100 characters',
    );
    expect(signupSchema.safeParse({ ...ok, password: 'short' }).error?.issues[0]?.message).toBe(
      MSG.signup.passwordTooShort,
    );
    expect(signupSchema.safeParse({ ...ok, password: 'x'.repeat(129) }).error?.issues[0]?.message).toBe(
      MSG.signup.passwordTooLong,
    );
    expect(signupSchema.safeParse({ ...ok, phoneNumber: '0'.repeat(31) }).error?.issues[0]?.message).toBe(
      MSG.signup.invalidPhone,
    );
  });
});
