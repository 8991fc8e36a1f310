import { describe, expect, it } from 'vitest';
import {
  dynamicWorkingPrice,
  GAS_KWH_PER_CUBIC_METRE,
  kwhPerMeterUnit,
  VAT_RATE,
  vatFactor,
} from './energy-rules';

describe('energy rules', () => {
  it('charges 19 % VAT on energy', () => {
    expect(VAT_RATE).toBe(0.19);
    expect(vatFactor(true)).toBeCloseTo(1.19, 12);
    expect(vatFactor(false)).toBe(1);
  });

  it('converts gas at 11.1 kWh/m³ × 0.95, electricity one to one', () => {
    expect(GAS_KWH_PER_CUBIC_METRE).toBeCloseTo(11.1 * 0.95, 12);
    expect(100 * kwhPerMeterUnit('GAS')).toBeCloseTo(1054.5, 9);
    expect(100 * kwhPerMeterUnit('STROM')).toBe(100);
  });

  it('prices a dynamic hour as (exchange + markup) × VAT, gross for households', () => {
    // 8 ct exchange price + 2 ct markup = 10 ct net, 11.9 ct gross.
    expect(dynamicWorkingPrice(0.08, 0.02, true)).toBeCloseTo(0.119, 12);
    expect(dynamicWorkingPrice(0.08, 0.02, false)).toBeCloseTo(0.1, 12);
    // No markup agreed; a negative exchange price stays negative.
    expect(dynamicWorkingPrice(-0.05, null, true)).toBeCloseTo(-0.0595, 12);
  });
});
