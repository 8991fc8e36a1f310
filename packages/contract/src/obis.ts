import { formatFixedNumber } from './format';

/**
 * What a meter's channel measures, read from its OBIS code (IEC 62056-61: medium-channel:
 * quantity.type.tariff): the name a customer knows from the meter's display and the unit of its
 * reading. Medium 1 is electricity (kWh), 7 gas (m³, the volume the meter counts).
 */
export interface MeterChannelName {
  /** "Hochtarif (HT)", "Niedertarif (NT)", "Zählerstand" … */
  name: string;
  einheit: 'kWh' | 'm³';
}

const OBIS_PATTERN = /^(\d+)-\d+:(\d+)\.(\d+)\.(\d+)$/;

const ELECTRICITY_TARIFFS: Record<string, string> = {
  '0': 'Zählerstand',
  '1': 'Hochtarif (HT)',
  '2': 'Niedertarif (NT)',
};

export function meterChannelName(obiskennzahl: string): MeterChannelName {
  const match = OBIS_PATTERN.exec(obiskennzahl);
  const [, medium, quantity, , tariff] = match ?? [];
  if (medium === '7') return { name: 'Zählerstand', einheit: 'm³' };
  const tariffName = ELECTRICITY_TARIFFS[tariff ?? ''] ?? `Tarif ${tariff ?? obiskennzahl}`;
  if (quantity === '2') {
    return { name: tariff === '0' ? 'Einspeisung' : `Einspeisung ${tariffName}`, einheit: 'kWh' };
  }
  return { name: tariffName, einheit: 'kWh' };
}

/**
 * A channel's reading as a number with the meter's own decimals, never fewer than spec §9's two:
 * "4.301,250" as the customer typed it on a gas meter of three, "24.688,00" on one of one. Every
 * place that shows a reading (screens, mails, the plausibility warning, letters) uses it, so a
 * digit the customer typed is never dropped and a column of readings aligns.
 */
export function formatMeterValue(wert: number, nachkommastellen: number): string {
  return formatFixedNumber(wert, nachkommastellen);
}

/** A channel's reading with its unit, the number by `formatMeterValue`: "12.345,60 kWh", "1.234,567 m³". */
export function formatMeterReading(
  obiskennzahl: string,
  wert: number,
  nachkommastellen: number,
): string {
  return `${formatMeterValue(wert, nachkommastellen)} ${meterChannelName(obiskennzahl).einheit}`;
}
