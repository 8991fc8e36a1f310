import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { IsoDateSchema, IsoDateTimeSchema } from './common';
import { CONTRACT_STATUS_LABELS, ContractStatuses } from './contracts';
import { formatCentPerKwh, formatDate, formatNumber } from './format';
import { PriceModels } from './tariffs';

/** The exchange's price interval since 2025-10-01 (docs/decisions/008-prices-at-market-resolution.md). */
const PRICE_INTERVAL_MS = 15 * 60_000;

/**
 * Is a loaded "price now" still the price of now? Not on a landing page started offline from
 * what was kept days ago, nor on one left open for an hour: its price is then only the last one
 * loaded, and says so with its date.
 */
export const isPriceStillCurrent = (von: string, now: Date) =>
  now.getTime() < Date.parse(von) + PRICE_INTERVAL_MS;

/**
 * Statuses whose contract gets a card on the landing page: supplied today, or ordered and to be
 * supplied (the customer looks for a contract they have just signed).
 */
export const SUMMARY_STATUSES = ['AKTIV', 'GEKUENDIGT', 'BEAUFTRAGT'] as const;

/** Prices in the basis spec §6 labels them with (`brutto`): EUR/kWh and EUR/year. */
const SummaryTariffSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    tariftyp: z.enum(PriceModels),
    istDynamisch: z.boolean(),
    brutto: z.boolean(),
    arbeitspreis: z.number().nullable(),
    grundpreis: z.number().nullable(),
    gueltigVon: IsoDateSchema.nullable(),
    gueltigBis: IsoDateSchema.nullable(),
  }),
);
export type SummaryTariff = z.infer<typeof SummaryTariffSchema>;

const ContractSummarySchema = lazySchema(() =>
  z.object({
    vertragId: z.number().int(),
    versorgungsart: z.string(),
    status: z.enum(ContractStatuses),
    /** A cancelled contract's last day of supply (the end the cancellation asked for). */
    gekuendigtZum: IsoDateSchema.nullable(),
    /** An ordered contract's first day of supply (agreed, else the one asked for). */
    lieferbeginnAb: IsoDateSchema.nullable(),
    lieferadresse: z.string(),
    tarif: SummaryTariffSchema.nullable(),
    /** A dynamic tariff's working price of the running quarter-hour, EUR/kWh. */
    preisJetzt: z.object({ von: IsoDateTimeSchema, preis: z.number() }).nullable(),
    /** The next tariff after the current one, if one is agreed. */
    naechsterTarif: SummaryTariffSchema.nullable(),
    letzteAblesung: z
      .object({
        ablesedatum: IsoDateSchema,
        werte: z.array(
          z.object({
            obiskennzahl: z.string(),
            ablesewert: z.number(),
            nachkommastellen: z.number().int(),
          }),
        ),
      })
      .nullable(),
    neuestesDokument: z
      .object({
        id: z.number().int(),
        beschreibung: z.string(),
        kategorie: z.string(),
        erstellzeitpunkt: IsoDateTimeSchema,
      })
      .nullable(),
  }),
);
export type ContractSummary = z.infer<typeof ContractSummarySchema>;

/** GET /uebersicht: the landing page's summary of every supplied contract, in one answer. */
export const SummarySchema = lazySchema(() =>
  z.object({ vertraege: z.array(ContractSummarySchema) }),
);
export type Summary = z.infer<typeof SummarySchema>;

/**
 * The status line of a summary card: nothing for an active contract, "Gekündigt zum 31.12.2026"
 * for a cancelled one, "Beauftragt, Lieferbeginn am 01.01.2027" for an ordered one (its label
 * alone where no date is known).
 */
export function summaryStatusText(
  summary: Pick<ContractSummary, 'status' | 'gekuendigtZum'> &
    Partial<Pick<ContractSummary, 'lieferbeginnAb'>>,
): string | null {
  if (summary.status === 'AKTIV') return null;
  if (summary.status === 'GEKUENDIGT' && summary.gekuendigtZum)
    return `Gekündigt zum ${formatDate(summary.gekuendigtZum)}`;
  if (summary.status === 'BEAUFTRAGT' && summary.lieferbeginnAb)
    return `Beauftragt, Lieferbeginn am ${formatDate(summary.lieferbeginnAb)}`;
  return CONTRACT_STATUS_LABELS[summary.status];
}

export const SUMMARY_FAILED_MESSAGE = 'Die Übersicht Ihrer Verträge konnte nicht geladen werden.';

// No break between a number and its unit.
const perYear = (value: number) => `${formatNumber(value)}\u00a0€/Jahr`;
const perKwh = (value: number) => formatCentPerKwh(value).replace(' ', '\u00a0');

/**
 * What changes with the next tariff, in one line: "Ab 01.12.2026: 189,21 €/Jahr statt
 * 183,50 €/Jahr". The prices that change are named; a new tariff with the same prices says so.
 */
export function tariffChangeText(current: SummaryTariff | null, next: SummaryTariff): string {
  const changes: string[] = [];
  if (next.arbeitspreis !== null && next.arbeitspreis !== current?.arbeitspreis)
    changes.push(
      current?.arbeitspreis == null
        ? perKwh(next.arbeitspreis)
        : `${perKwh(next.arbeitspreis)} statt ${perKwh(current.arbeitspreis)}`,
    );
  if (next.grundpreis !== null && next.grundpreis !== current?.grundpreis)
    changes.push(
      current?.grundpreis == null
        ? perYear(next.grundpreis)
        : `${perYear(next.grundpreis)} statt ${perYear(current.grundpreis)}`,
    );
  const from = next.gueltigVon ? `Ab ${formatDate(next.gueltigVon)}` : 'Demnächst';
  const what = changes.length > 0 ? changes.join(', ') : 'gleiche Preise';
  return next.name === current?.name ? `${from}: ${what}` : `${from}: ${next.name}, ${what}`;
}
