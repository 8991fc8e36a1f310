import { describe, expect, it } from 'vitest';
import { formatMeterReading, meterChannelName } from './obis';

describe('meterChannelName', () => {
  it.each([
    ['1-1:1.8.0', 'Zählerstand', 'kWh'],
    ['1-1:1.8.1', 'Hochtarif (HT)', 'kWh'],
    ['1-0:1.8.2', 'Niedertarif (NT)', 'kWh'],
    ['1-1:2.8.0', 'Einspeisung', 'kWh'],
    ['1-1:2.8.1', 'Einspeisung Hochtarif (HT)', 'kWh'],
    ['7-1:3.0.0', 'Zählerstand', 'm³'],
    ['7-0:3.1.0', 'Zählerstand', 'm³'],
    ['1-1:1.8.3', 'Tarif 3', 'kWh'],
  ])('names %s "%s" in %s', (obis, name, einheit) => {
    expect(meterChannelName(obis)).toEqual({ name, einheit });
  });
});

describe('formatMeterReading', () => {
  const plain = (text: string) => text.replace(/\s/g, ' ');
  it.each([
    ['1-1:1.8.1', 12345.6, 1, '12.345,60 kWh'],
    ['1-1:1.8.0', 24688, 1, '24.688,00 kWh'],
    ['1-1:1.8.0', 987, 0, '987,00 kWh'],
    ['7-1:3.0.0', 1234.5678, 3, '1.234,568 m³'],
    // The digit the customer typed stays, a trailing zero too.
    ['7-1:3.0.0', 4301.25, 3, '4.301,250 m³'],
    ['7-1:3.0.0', 4015.9, 3, '4.015,900 m³'],
  ])('shows %s %d with %i decimals as %s', (obis, wert, decimals, shown) => {
    expect(plain(formatMeterReading(obis, wert, decimals))).toBe(shown);
  });
});
