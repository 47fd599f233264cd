import { describe, expect, it } from 'vitest';
import { parsePostId } from './post-id';

describe('parsePostId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('%s is post %d', (value, id) => expect(parsePostId(value)).toBe(id));

  it.each(['', 'abc', '0', '-1', '01', '1.5', '1e3', ' 1', '2147483648', '99999999999'])(
    '%j is not a post id',
    (value) => expect(parsePostId(value)).toBeNull(),
  );
  it('is null when absent', () => expect(parsePostId(undefined)).toBeNull());
});
