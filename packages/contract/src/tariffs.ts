import { z } from 'zod';
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
export const TariffSchema = z.object({
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
});
export type Tariff = z.infer<typeof TariffSchema>;

export const TariffHistorySchema = z.object({ historie: z.array(TariffSchema) });
export type TariffHistory = z.infer<typeof TariffHistorySchema>;

/** Spec §6: gross for the all-inclusive gross tariff, and for dynamic prices of households. */
export function showsGrossPrices(tariftyp: PriceModel, kundenArt: KundenArt): boolean {
  return (
    tariftyp === 'ALLES_INKLUSIVE_BRUTTO' ||
    (tariftyp === 'DYNAMISCHER_PREIS' && kundenArt === 'Haushaltskunde')
  );
}
