import { describe, expect, it } from 'vitest';
import { searchText } from './search-text';

describe('searchText', () => {
  it('answers a text, a meter number of digits as text, and nothing for the rest', () => {
    expect(searchText('1EMH0012345678')).toBe('1EMH0012345678');
    expect(searchText(' 42 ', { trim: true })).toBe('42');
    expect(searchText(12345678)).toBe('12345678');
    expect(searchText('  ', { trim: true })).toBeUndefined();
    expect(searchText('')).toBeUndefined();
    expect(searchText(undefined)).toBeUndefined();
    expect(searchText({ a: 1 })).toBeUndefined();
    expect(searchText(1.5)).toBeUndefined();
  });
});
