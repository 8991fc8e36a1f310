import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { IsoDateSchema, type Labels } from './common';
import type { KundenArt } from './customer';

export const PriceModels = [
  'DYNAMISCHER_PREIS',
  'ALLES_INKLUSIVE_NETTO',
  'ALLES_INKLUSIVE_BRUTTO',
  'REINER_ENERGIEPREIS',
] as const;
export type PriceModel = (typeof PriceModels)[number];
export const PRICE_MODEL_LABELS: Labels<PriceModel> = {
  DYNAMISCHER_PREIS: 'Dynamischer Preis',
  ALLES_INKLUSIVE_NETTO: 'Alles inklusive (netto)',
  ALLES_INKLUSIVE_BRUTTO: 'Alles inklusive (brutto)',
  REINER_ENERGIEPREIS: 'Reiner Energiepreis',
};

/** Prices are EUR per kWh (arbeitspreis) and EUR per year (grundpreis). */
export const TariffSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    tariftyp: z.enum(PriceModels),
    arbeitspreis: z.number().nullable(),
    grundpreis: z.number().nullable(),
    arbeitspreisNT: z.number().nullable(),
    /** Share of the night tariff, 0..1. */
    anteilNt: z.number().nullable(),
    preisgarantietyp: z.string().nullable(),
    istDynamisch: z.boolean(),
    durchschnittlicherArbeitspreisVormonat: z.number().nullable(),
    durchschnittlicherArbeitspreisGesamt: z.number().nullable(),
    gueltigVon: IsoDateSchema.nullable(),
    gueltigBis: IsoDateSchema.nullable(),
  }),
);
export type Tariff = z.infer<typeof TariffSchema>;

export const TariffHistorySchema = lazySchema(() => z.object({ historie: z.array(TariffSchema) }));
export type TariffHistory = z.infer<typeof TariffHistorySchema>;

/** Spec §6: gross for the all-inclusive gross tariff, and for dynamic prices of households. */
export function showsGrossPrices(tariftyp: PriceModel, kundenArt: KundenArt): boolean {
  return (
    tariftyp === 'ALLES_INKLUSIVE_BRUTTO' ||
    (tariftyp === 'DYNAMISCHER_PREIS' && kundenArt === 'Haushaltskunde')
  );
}

export const NO_TARIFF_MESSAGE =
  'Es ist kein Tarif für diesen Vertrag in unserem System hinterlegt';

export interface ClassifiedTariffs {
  current: Tariff | undefined;
  future: Tariff[];
  previous: Tariff[];
  /**
   * Entries with no start of their own while the contract has no delivery start either (spec
   * §4.3 is silent): the tariff agreed for a delivery that has not begun — or, for a voided
   * contract, one that never took effect. They have no date to sort them by.
   */
  undated: Tariff[];
}

/**
 * Spec §4.3: future entries start after today, newest first; previous ones ended before today,
 * latest end first; the current one is valid today. A missing start is the delivery start.
 */
export function classifyTariffs(
  historie: readonly Tariff[],
  lieferbeginn: string | null,
  today: string,
): ClassifiedTariffs {
  const start = (tariff: Tariff) => tariff.gueltigVon ?? lieferbeginn;
  const newestFirst = (a: Tariff, b: Tariff) =>
    // Stryker disable next-line StringLiteral: only future tariffs are sorted, and each has a start
    (start(b) ?? '9999').localeCompare(start(a) ?? '9999');
  const latestEndFirst = (a: Tariff, b: Tariff) =>
    // Stryker disable next-line StringLiteral: only previous tariffs are sorted, and each has an end
    (b.gueltigBis ?? '').localeCompare(a.gueltigBis ?? '');
  const isUndated = (tariff: Tariff) => start(tariff) === null;
  // no start is never after today, and an open end never before it
  const isFuture = (tariff: Tariff) => (start(tariff) ?? today) > today;
  const isPrevious = (tariff: Tariff) => (tariff.gueltigBis ?? today) < today;
  return {
    current: historie.find(
      (tariff) => !isUndated(tariff) && !isFuture(tariff) && !isPrevious(tariff),
    ),
    future: historie.filter(isFuture).sort(newestFirst),
    undated: historie.filter(isUndated),
    previous: historie
      .filter((tariff) => !isUndated(tariff) && !isFuture(tariff) && isPrevious(tariff))
      .sort(latestEndFirst),
  };
}

/**
 * An ended contract's last tariff: the one valid on its last day of supply, else the one that
 * ended last. Its page shows it as "Letzter Tarif", not spec §8.6's text for a missing tariff.
 */
export function lastTariff(
  historie: readonly Tariff[],
  lieferbeginn: string | null,
  lieferende: string,
): Tariff | undefined {
  const { current, previous } = classifyTariffs(historie, lieferbeginn, lieferende);
  return current ?? previous[0];
}
