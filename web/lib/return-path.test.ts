import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/posts/7', '/posts/7'],
    ['/home?post=7', '/home?post=7'],
    ['/posts/7#comments', '/posts/7#comments'],
    ['/infinite', '/infinite'],
    ['/posts/../account', '/account'],
  ])('follows the same-site path %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'posts/7',
    'https://evil.example/posts/7',
    'http:/evil.example',
    'javascript:alert(1)',
    '//evil.example/posts/7',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/login',
    '/login?next=/posts/7',
    '/signup',
    `/${'a'.repeat(2000)}`,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('withReturnPath', () => {
  it('adds the path, encoded, only when it is safe', () => {
    expect(withReturnPath('/login', '/posts/7')).toBe('/login?next=%2Fposts%2F7');
    expect(withReturnPath('/signup', '/home?post=7')).toBe('/signup?next=%2Fhome%3Fpost%3D7');
    expect(withReturnPath('/login', '//evil.example')).toBe('/login');
    expect(withReturnPath('/login', null)).toBe('/login');
  });
});
