import { describe, expect, it } from 'vitest';
import { meterChannelName } from './obis';

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
