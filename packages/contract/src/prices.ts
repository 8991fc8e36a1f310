import { z } from './zod-german';
import { IsoDateTimeSchema } from './common';

export const PriceQuerySchema = z.object({ von: IsoDateTimeSchema, bis: IsoDateTimeSchema });
/** preis in EUR per kWh. */
export const PricePointSchema = z.object({ von: IsoDateTimeSchema, preis: z.number() });
/** brutto: the prices include VAT (spec §6), so the screens label them "brutto". */
export const PriceSeriesSchema = z.object({
  preise: z.array(PricePointSchema),
  brutto: z.boolean(),
});
export type PriceSeries = z.infer<typeof PriceSeriesSchema>;
export type PricePoint = z.infer<typeof PricePointSchema>;
