// The report weighing on its own (weight.ts): the cases the API tests do not reach cheaply.
import { describe, expect, it } from 'vitest';
import { AddressKeys, networkOf } from '../../infra/address-keys';
import { type ReportFacts, weighReports } from './weight';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = new Date('2026-11-01T00:00:00Z').getTime();
const rules = { reportMinAccountMs: 24 * HOUR, restoredImmunityMs: 30 * DAY };

let ids = 0;
function facts(over: Partial<ReportFacts> & { signup?: string | null; age?: number; public?: boolean } = {}) {
  ids += 1;
  const at = over.createdAt ?? new Date(T0 + 10 * DAY);
  return {
    id: ids,
    createdAt: at,
    address: over.address ?? `send-${ids}`,
    reporter: {
      createdAt: new Date(at.getTime() - (over.age ?? 2 * DAY)),
      signupAddress: over.signup === undefined ? `signup-${ids}` : over.signup,
      deleted: false,
      hasPublicContent: over.public ?? false,
      dismissalsSinceUpheld: 0,
    },
    restoredAt: over.restoredAt ?? null,
  } satisfies ReportFacts;
}

describe('weighReports', () => {
  it('links reports through each other: a chain of sign-ups a day apart is one voice', () => {
    const at = new Date(T0 + 10 * DAY);
    const chain = [0, 20, 40].map((hours) =>
      facts({ createdAt: at, signup: 'phone', age: 3 * DAY - hours * HOUR }),
    );
    const result = weighReports(chain, rules, at);
    expect(result.total).toBe(1);
    expect(result.reports.map((r) => r.why)).toEqual([
      'member',
      'same-signup-address',
      'same-signup-address',
    ]);
  });

  it("a group's voice is its heaviest report, whichever came first", () => {
    const at = new Date(T0 + 10 * DAY);
    const light = facts({ createdAt: at, address: 'cafe', age: 2 * DAY });
    const heavy = facts({
      createdAt: new Date(at.getTime() + 60_000),
      address: 'cafe',
      age: 9 * DAY,
      public: true,
    });
    const result = weighReports([light, heavy], rules, at);
    expect(result.total).toBe(2);
    expect(result.reports.map((r) => [r.id, r.weight, r.why])).toEqual([
      [light.id, 0, 'same-report-address'],
      [heavy.id, 2, 'established'],
    ]);
  });

  it('a missing address ties nothing; a restore holds for its days only', () => {
    const at = new Date(T0 + 10 * DAY);
    const restoredAt = new Date(at.getTime() - DAY);
    const loose = [1, 2].map(() => facts({ createdAt: at, signup: null, restoredAt }));
    expect(weighReports(loose, rules, at)).toMatchObject({ total: 2, immune: true });
    expect(weighReports(loose, rules, new Date(restoredAt.getTime() + 30 * DAY))).toMatchObject({
      immune: false,
    });
  });
});

describe('AddressKeys', () => {
  it('keys an address without keeping it, IPv6 by its /64', () => {
    const keys = new AddressKeys(Buffer.alloc(32, 7));
    expect(keys.of('41.57.1.2')).not.toContain('41.57');
    expect(keys.of('41.57.1.2')).toBe(keys.of('::ffff:41.57.1.2'));
    expect(keys.of('2c0f:f8f0:1:2::1')).toBe(keys.of('2c0f:f8f0:1:2:aaaa:bbbb:cccc:dddd'));
    expect(keys.of('2c0f:f8f0:1:2::1')).not.toBe(keys.of('2c0f:f8f0:1:3::1'));
    expect(new AddressKeys(Buffer.alloc(32, 8)).of('41.57.1.2')).not.toBe(keys.of('41.57.1.2'));
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
