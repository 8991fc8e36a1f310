import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { IsoDateSchema, type Labels } from './common';
import { KundenArten } from './customer';
import { formatDate } from './format';

export const Versorgungsarten = ['STROM', 'GAS'] as const;
type Versorgungsart = (typeof Versorgungsarten)[number];
const VERSORGUNGSART_UNKNOWN = 'Versorgungsart nicht gefunden';
const VERSORGUNGSART_LABELS: Labels<Versorgungsart> = { STROM: 'Strom', GAS: 'Gas' };
export const versorgungsartLabel = (value: string | null | undefined): string =>
  (VERSORGUNGSART_LABELS as Record<string, string>)[value ?? ''] ?? VERSORGUNGSART_UNKNOWN;

export const ContractStatuses = [
  'AKTIV',
  'BEENDET',
  'STORNIERT',
  'BEAUFTRAGT',
  'GEKUENDIGT',
] as const;
export type ContractStatus = (typeof ContractStatuses)[number];
export const CONTRACT_STATUS_LABELS: Labels<ContractStatus> = {
  AKTIV: 'Aktiv',
  BEENDET: 'Beendet',
  STORNIERT: 'Storniert',
  BEAUFTRAGT: 'Beauftragt',
  GEKUENDIGT: 'Gekündigt',
};
/** The groups that style a contract card. */
export type ContractStatusGroup = 'active' | 'inactive' | 'ordered' | 'cancelled';
export const CONTRACT_STATUS_GROUPS: Readonly<Record<ContractStatus, ContractStatusGroup>> = {
  AKTIV: 'active',
  BEENDET: 'inactive',
  STORNIERT: 'inactive',
  BEAUFTRAGT: 'ordered',
  GEKUENDIGT: 'cancelled',
};

/** Spec §4.2, in this order. */
export function deriveContractStatus(contract: {
  storniert: boolean;
  lieferbeginn: string | null;
  lieferende: string | null;
  gewuenschtesLieferende: string | null;
}): ContractStatus {
  if (contract.storniert) return 'STORNIERT';
  if (contract.lieferende) return 'BEENDET';
  if (contract.gewuenschtesLieferende) return 'GEKUENDIGT';
  if (!contract.lieferbeginn) return 'BEAUFTRAGT';
  return 'AKTIV';
}

/**
 * The last day of supply of a contract whose supply is over on `today` (YYYY-MM-DD), else null.
 * Such a contract takes no more readings (the server refuses a day after its end) and shows
 * its last tariff, final reading and final bill.
 */
export function endedOn(contract: { lieferende: string | null }, today: string): string | null {
  return contract.lieferende !== null && contract.lieferende < today ? contract.lieferende : null;
}

export interface DeliveryDate {
  label: string;
  date: string | null;
}

/**
 * The delivery dates a contract really has, each labelled for what it is: an agreed start or
 * end, or only the customer's desired one. A voided contract that never began says so.
 */
export function deliveryDates(contract: {
  status: ContractStatus;
  lieferbeginn: string | null;
  gewuenschterLieferbeginn: string | null;
  lieferende: string | null;
  gewuenschtesLieferende: string | null;
}): DeliveryDate[] {
  const dates: DeliveryDate[] = [];
  if (contract.lieferbeginn) dates.push({ label: 'Lieferbeginn', date: contract.lieferbeginn });
  else if (contract.status === 'STORNIERT') dates.push({ label: 'Nie beliefert', date: null });
  else if (contract.gewuenschterLieferbeginn)
    dates.push({ label: 'Gewünschter Lieferbeginn', date: contract.gewuenschterLieferbeginn });
  else dates.push({ label: 'Lieferbeginn noch offen', date: null });
  if (contract.lieferende) dates.push({ label: 'Lieferende', date: contract.lieferende });
  else if (contract.gewuenschtesLieferende)
    dates.push({ label: 'Gewünschtes Lieferende', date: contract.gewuenschtesLieferende });
  return dates;
}

const DeliveryAddressSchema = lazySchema(() =>
  z.object({
    strasse: z.string(),
    hausnummer: z.string(),
    plz: z.string(),
    ort: z.string(),
  }),
);

export const ContractSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    /** STROM or GAS; a supplier's backend may send others, shown as "Versorgungsart nicht gefunden". */
    versorgungsart: z.string(),
    anmeldungsart: z.string().nullable(),
    lieferbeginn: IsoDateSchema.nullable(),
    gewuenschterLieferbeginn: IsoDateSchema.nullable(),
    lieferende: IsoDateSchema.nullable(),
    gewuenschtesLieferende: IsoDateSchema.nullable(),
    storniert: z.boolean(),
    lieferadresse: DeliveryAddressSchema,
    kundenArt: z.enum(KundenArten),
    status: z.enum(ContractStatuses),
  }),
);
export type Contract = z.infer<typeof ContractSchema>;

export const CancellationReasons = ['AUSZUG', 'ANBIETERWECHSEL', 'SONDERKUENDIGUNG'] as const;
export type CancellationReason = (typeof CancellationReasons)[number];
export const CANCELLATION_REASON_LABELS: Labels<CancellationReason> = {
  AUSZUG: 'Auszug',
  ANBIETERWECHSEL: 'Anbieterwechsel',
  SONDERKUENDIGUNG: 'Sonderkündigung',
};

export const CANCELLATION_REASON_REQUIRED_MESSAGE = 'Bitte wählen Sie einen Kündigungsgrund.';
export const CANCELLATION_DATE_REQUIRED_MESSAGE = 'Bitte wählen Sie das Lieferende.';

/**
 * Spec §5, cancellation: reason and last-delivery date. With `earliest` (earliestCancellationDate
 * of today and the holidays, the same function on the web and the server) the date may not be
 * before it; the web knows it once the holidays have loaded.
 */
export function cancellationInputSchema(earliest?: string) {
  const datum = z.iso.date({
    error: (issue) => (issue.input === '' ? CANCELLATION_DATE_REQUIRED_MESSAGE : undefined),
  });
  return z.object({
    grund: z.enum(CancellationReasons, { error: CANCELLATION_REASON_REQUIRED_MESSAGE }),
    datum:
      earliest === undefined
        ? datum
        : datum.refine((day) => day >= earliest, { error: cancellationTooEarlyMessage(earliest) }),
    text: z
      .string()
      .trim()
      .max(2000)
      .optional()
      .transform((text) => text || undefined),
  });
}
/** The form's fields with their labels: what a disabled "Vertrag kündigen" names. */
export const CANCELLATION_LABELS = { grund: 'Kündigungsgrund', datum: 'Lieferende' } as const;
/** The route's schema; the service parses again with the earliest date by its clock. */
export const CancellationInputSchema = lazySchema(() => cancellationInputSchema());
export type CancellationInput = z.input<typeof CancellationInputSchema>;

/** Handed from the cancellation screen to /vertraege in navigation state. */
export type CancellationResult = 'NOCH_NICHTS_PASSIERT' | 'SUCCESS' | 'ERROR';

export const cancellationSuccessMessage = (nummer: number | string): string =>
  `Die Kündigung Ihres Vertrages ${nummer} wurde veranlasst. Sobald die Kündigung abgewickelt wurde erhalten Sie auch die Kündigungsbestätigung.`;
export const cancellationErrorMessage = (nummer: number | string): string =>
  `Bei der Einreichung der Kündigung Ihres Vertrages ${nummer} ist etwas schief gelaufen. Bitte versuchen Sie es später erneut.`;

/** The cancellation date is earlier than the second working day after today. */
export const cancellationTooEarlyMessage = (earliest: string): string =>
  `Das Lieferende darf frühestens am ${formatDate(earliest)} liegen.`;

export const CANCELLATION_RETROACTIVE_NOTE =
  'Aufgrund der Marktänderungen zum 06.06.2025 sind rückwirkende Kündigungen nicht mehr möglich.';
