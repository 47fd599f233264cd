import { describe, expect, it } from 'vitest';
import { toPrefixQuery } from './search';

describe('toPrefixQuery', () => {
  it('makes every word a prefix term, all required', () => {
    expect(toPrefixQuery('fri')).toBe('fri:*');
    expect(toPrefixQuery('  Samsung   Fridge ')).toBe('samsung:* & fridge:*');
  });

  it('treats tsquery and SQL syntax as separators, never as operators', () => {
    expect(toPrefixQuery("'; drop table posts; --")).toBe('drop:* & table:* & posts:*');
    expect(toPrefixQuery('a & | ! :* (')).toBe('a:*');
    expect(toPrefixQuery('hi-fi')).toBe('hi:* & fi:*');
    expect(toPrefixQuery("o'brien\\")).toBe('o:* & brien:*');
  });

  it('keeps letters of any script and digits', () => {
    expect(toPrefixQuery('Café 300L')).toBe('café:* & 300l:*');
  });

  it('returns null when nothing searchable is left', () => {
    expect(toPrefixQuery('')).toBeNull();
    expect(toPrefixQuery('\\ & | ! :* ( ) <->')).toBeNull();
  });

  it('caps the number and length of terms', () => {
    expect(toPrefixQuery('a b c d e f g h i j')?.split(' & ')).toHaveLength(8);
    expect(toPrefixQuery('x'.repeat(100))).toBe(`${'x'.repeat(40)}:*`);
  });
});
