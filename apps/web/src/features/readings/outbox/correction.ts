import { formatDate } from '@kundenportal/contract';
import type { PreparedFile } from '../../../lib/photo';
import type { MeterChoice } from '../components/meter-choice';
import { inputOf, type WaitingReading } from './waiting-readings';

/** A refused waiting reading's values as the form shows them: "5124,000", one per channel. */
export const formValuesOf = (reading: WaitingReading, choice: MeterChoice | undefined) =>
  (choice?.meter.kanaele ?? []).map((kanal) => {
    const wert = reading.ablesewerte[kanal.obiskennzahl];
    return wert === undefined ? '' : wert.toFixed(kanal.nachkommastellen).replace('.', ',');
  });

/** The kept photo, already downscaled, as the form's photo field holds a chosen one. */
export async function photoOf(reading: WaitingReading): Promise<PreparedFile | null> {
  const { foto } = reading;
  if (!foto) return null;
  const { foto: base64 = '' } = await inputOf(reading);
  return {
    name: `Foto vom ${formatDate(reading.ablesedatum)}`,
    size: foto.size,
    uploadSize: foto.size,
    type: foto.type,
    base64,
    previewUrl: URL.createObjectURL(foto),
  };
}
