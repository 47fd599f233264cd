import { describe, expect, it } from 'vitest';
import { parseId } from './ids';

describe('parseId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('%s is id %d', (value, id) => expect(parseId(value)).toBe(id));

  it.each(['', 'abc', '0', '-1', '01', '1.5', '1e3', ' 1', '2147483648', '99999999999'])(
    '%j is not an id',
    (value) => expect(parseId(value)).toBeNull(),
  );
  it('is null when absent', () => expect(parseId(undefined)).toBeNull());
});
