import { describe, expect, it } from 'vitest';
import { round } from './round';

describe('round', () => {
  it('keeps the given number of decimals', () => {
    expect(round(1.23456789, 2)).toBe(1.23);
    expect(round(0.1234565, 6)).toBe(0.123457);
    expect(round(1054.4999, 0)).toBe(1054);
  });

  it('rounds halves up, negative amounts (a negative exchange price) too', () => {
    expect(round(2.5, 0)).toBe(3);
    expect(round(-0.0123456789, 6)).toBe(-0.012346);
    expect(round(-2.5, 0)).toBe(-2);
  });

  it('rounds a half up that binary arithmetic leaves just below it', () => {
    expect(round(1.005, 2)).toBe(1.01);
    // 12.185 kWh as the sum of a day's hours: 12.184999999999999 in floating point.
    const sum = [0.512, 0.488, 0.375, 0.61, 9.2, 1.0].reduce((total, kwh) => total + kwh, 0);
    expect(sum).not.toBe(12.185);
    expect(round(sum, 2)).toBe(12.19);
  });

  it('leaves null as null', () => {
    expect(round(null, 6)).toBeNull();
  });
});
