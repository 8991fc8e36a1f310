import { describe, expect, it } from 'vitest';
import { kundennummerText, kundennummerTyped } from './customer-number';

describe('the customer number of a variant with a prefix', () => {
  const kuestenwerk = { kundennummerPraefix: 'KW-' };

  it.each([
    ['KW-10001', '10001'],
    ['kw-10001', '10001'],
    [' KW- 10001 ', '10001'],
    ['10001', '10001'],
    ['KX-10001', 'KX-10001'],
  ])('reads "%s" as "%s"', (typed, nummer) => {
    expect(kundennummerTyped(kuestenwerk, typed)).toBe(nummer);
  });

  it('leaves what was typed as it is where the variant has no prefix', () => {
    expect(kundennummerTyped({ kundennummerPraefix: '' }, ' KW-10001 ')).toBe('KW-10001');
  });

  it('reads the number after a prefix the variant prints with a space', () => {
    const spaced = { kundennummerPraefix: 'KW- ' };
    expect(kundennummerTyped(spaced, 'KW- 10001')).toBe('10001');
    expect(kundennummerTyped(spaced, 'KW-10001')).toBe('10001');
  });

  it('prints the number with the prefix', () => {
    expect(kundennummerText(kuestenwerk, '10001')).toBe('KW-10001');
    expect(kundennummerText({ kundennummerPraefix: '' }, '10001')).toBe('10001');
  });
});
