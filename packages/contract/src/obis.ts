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

const readingFormats = new Map<number, Intl.NumberFormat>();

/**
 * A channel's reading as the meter's display shows it, with the channel's decimals and unit:
 * "12.345,6 kWh", "1.234,567 m³".
 */
export function formatMeterReading(
  obiskennzahl: string,
  wert: number,
  nachkommastellen: number,
): string {
  let format = readingFormats.get(nachkommastellen);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', {
      minimumFractionDigits: nachkommastellen,
      maximumFractionDigits: nachkommastellen,
    });
    readingFormats.set(nachkommastellen, format);
  }
  return `${format.format(wert)} ${meterChannelName(obiskennzahl).einheit}`;
}
