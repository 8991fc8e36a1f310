import { clear, createStore, del, entries, keys, set } from 'idb-keyval';
import type { CreateReadingInput, Reading } from '@kundenportal/contract';

/**
 * A reading kept on this device until the connection is back: what the form would
 * have sent, the photo as the downscaled Blob, and the idempotency key made once for it, so
 * sending it again never stores it twice.
 */
export interface WaitingReading {
  schluessel: string;
  kundennummer: string;
  contractId: number;
  zaehlernummer: string;
  ablesedatum: string;
  ablesewerte: Record<string, number>;
  /** The values with their channels' decimals, as the list shows them. */
  anzeige: Reading['ablesewerte'];
  foto?: Blob;
  erstelltAm: string;
  /** The server's refusal: the reading waits for the customer to delete it. */
  ablehnung?: string;
}

const store = createStore('kundenportal-ablesungen', 'wartend');

/** One entry per customer and key: another customer's readings are never even read. */
const entryKey = (reading: Pick<WaitingReading, 'kundennummer' | 'schluessel'>) =>
  `${reading.kundennummer}/${reading.schluessel}`;

export const keepWaitingReading = (reading: WaitingReading) =>
  set(entryKey(reading), reading, store);

export const forgetWaitingReading = (reading: WaitingReading) => del(entryKey(reading), store);

/** Whether any customer's readings wait on this device (the login page offers to delete them). */
export const anyWaitingReadings = () => keys(store).then((stored) => stored.length > 0);

/** Every waiting reading on this device, with its photo, gone. */
export const forgetAllWaitingReadings = () => clear(store);

/** The customer's waiting readings, oldest first. */
export async function waitingReadingsOf(kundennummer: string): Promise<WaitingReading[]> {
  const all = await entries<string, WaitingReading>(store);
  return all
    .filter(([key]) => key.startsWith(`${kundennummer}/`))
    .map(([, reading]) => reading)
    .sort((a, b) => a.erstelltAm.localeCompare(b.erstelltAm));
}

function blobOf(base64: string, type: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type });
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The form's input as a waiting reading: the photo's base64 becomes a Blob again. */
export function waitingReadingOf(
  input: CreateReadingInput,
  details: {
    schluessel: string;
    kundennummer: string;
    contractId: number;
    nachkommastellen: Record<string, number>;
    fotoTyp?: string | undefined;
  },
): WaitingReading {
  const { schluessel, kundennummer, contractId, nachkommastellen } = details;
  return {
    schluessel,
    kundennummer,
    contractId,
    zaehlernummer: input.zaehlernummer,
    ablesedatum: input.ablesedatum,
    ablesewerte: input.ablesewerte,
    anzeige: Object.fromEntries(
      Object.entries(input.ablesewerte).map(([obiskennzahl, ablesewert]) => [
        obiskennzahl,
        { obiskennzahl, ablesewert, nachkommastellen: nachkommastellen[obiskennzahl] ?? 0 },
      ]),
    ),
    ...(input.foto !== undefined && {
      foto: blobOf(input.foto, details.fotoTyp ?? 'image/jpeg'),
    }),
    erstelltAm: new Date().toISOString(),
  };
}

/** What goes to the server, the photo as base64 again. */
export async function inputOf(reading: WaitingReading): Promise<CreateReadingInput> {
  return {
    ablesedatum: reading.ablesedatum,
    zaehlernummer: reading.zaehlernummer,
    ablesewerte: reading.ablesewerte,
    ...(reading.foto && { foto: await base64Of(reading.foto) }),
  };
}
