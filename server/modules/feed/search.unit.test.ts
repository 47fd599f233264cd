import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { isShortSearch, SYNONYMS, searchWords } from '../../../shared/search-words';
import { formsOf, planSearch, postingTerms, synonymGroup, wordQuery } from './search';
import { editDistance } from './typos';

describe('searchWords', () => {
  it('reads runs of letters or digits, lower case, at most 8', () => {
    expect(searchWords('  Samsung   Fridge ')).toEqual(['samsung', 'fridge']);
    expect(searchWords('Café 300L')).toEqual(['café', '300l']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('treats tsquery and SQL syntax as separators, never as operators', () => {
    expect(searchWords("'; drop table posts; --")).toEqual(['drop', 'table', 'posts']);
    expect(searchWords('a & | ! :* (')).toEqual(['a']);
    expect(searchWords("o'brien\\")).toEqual(['o', 'brien']);
    expect(searchWords('\\ & | ! :* ( ) <->')).toEqual([]);
  });

  it('calls one or two letters short, and blank not a search at all', () => {
    expect(isShortSearch('t')).toBe(true);
    expect(isShortSearch(' tv ')).toBe(true);
    expect(isShortSearch('t-v')).toBe(true);
    expect(isShortSearch('tvs')).toBe(false);
    expect(isShortSearch('lg tv')).toBe(false);
    expect(isShortSearch('')).toBe(false);
    expect(isShortSearch('&&')).toBe(false);
  });
});

describe('the forms a word stands for', () => {
  it('adds its synonyms and spellings, plural or not', () => {
    expect(formsOf('tires')).toEqual(expect.arrayContaining(['tyre', 'tire', 'tires']));
    expect(formsOf('fridge')).toEqual(expect.arrayContaining(['refrigerator']));
    expect(formsOf('refrigerators')).toEqual(expect.arrayContaining(['fridge']));
    expect(formsOf('kombi')).toEqual(expect.arrayContaining(['minibus']));
    expect(formsOf('zesa')).toEqual(expect.arrayContaining(['electricity']));
    expect(synonymGroup('zebra')).toEqual(['zebra']);
  });

  it("adds a trade's work: plumber finds plumb(ing); short roots are left alone", () => {
    expect(formsOf('plumbers')).toContain('plumb');
    expect(formsOf('welder')).toContain('weld');
    expect(formsOf('water')).toEqual(['water']);
    expect(formsOf('paper')).toEqual(['paper']);
  });

  it('keeps the synonym list lower case, without repeats, words of letters and single spaces', () => {
    const all = SYNONYMS.flat();
    expect(new Set(all).size).toBe(all.length);
    for (const word of all) expect(word).toMatch(/^\p{Ll}+( \p{Ll}+)?$/u);
  });
});

describe('planSearch', () => {
  it('makes each word its forms', () => {
    expect(planSearch('Solar panel')?.words).toEqual([
      { word: 'solar', forms: ['solar', 'photovoltaic'] },
      { word: 'panel', forms: ['panel'] },
    ]);
  });

  it('leaves out stop words, unless nothing else is left', () => {
    expect(planSearch('A fridge for sale')?.words.map((w) => w.word)).toEqual(['fridge']);
    expect(planSearch('the')?.words.map((w) => w.word)).toEqual(['the']);
  });

  it('sends each form as a whole word and the typed word as a prefix, as bound parameters', () => {
    const word = planSearch('fridges')?.words[0];
    if (!word) throw new Error('no word');
    expect(new PgDialect().sqlToQuery(wordQuery(word)).params).toEqual([
      '(fridge) | (refrigerator) | (fridges)',
      'fridges:*',
    ]);
  });

  it("gives the search index each word's forms and typed start as values, one per line", () => {
    const plan = planSearch('couch tv');
    if (!plan) throw new Error('no plan');
    expect(postingTerms(plan)).toEqual({
      forms: ['0 sofa', '0 couch', '0 lounge suite', '1 tv', '1 television', '1 telly'].join('\n'),
      // 'tv' is too short to stand for the words it starts.
      prefixes: '0 couch',
    });
  });

  it('returns null when nothing searchable is left', () => {
    expect(planSearch('')).toBeNull();
    expect(planSearch('!!! ***')).toBeNull();
  });
});

describe('editDistance', () => {
  it('counts inserts, deletes, replaces and swaps', () => {
    expect(editDistance('generatr', 'generator')).toBe(1);
    expect(editDistance('refrigirator', 'refrigerator')).toBe(1);
    expect(editDistance('fridgerator', 'refrigerator')).toBe(3);
    expect(editDistance('tyers', 'tyres')).toBe(1);
    expect(editDistance('solar', 'solar')).toBe(0);
    expect(editDistance('inverter', 'invertor')).toBe(1);
    expect(editDistance('abc', 'abcdefgh')).toBe(3);
    expect(editDistance('generator', 'qwzxkjvbp')).toBe(3);
    expect(editDistance('ab', 'ba')).toBe(1);
  });
});
