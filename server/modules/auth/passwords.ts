// argon2id with OWASP's parameters (DESIGN §1). A dummy hash keeps a login for an unknown email as
// slow as one for a known email, so response time does not reveal which emails have accounts.
import { hash, verify } from '@node-rs/argon2';

// Inside Vitest's in-process suites (never a running server), the cheapest argon2id: they hash thousands
// of passwords, ~17 ms each at OWASP's cost, and each hash stores its own parameters, so verifying is
// the same code either way. Process, browser and benchmark runs start the real server: OWASP's cost.
const OPTIONS =
  process.env.VITEST === 'true'
    ? ({ memoryCost: 1024, timeCost: 1, parallelism: 1 } as const)
    : ({ memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const);
let dummyHash: Promise<string> | undefined;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
