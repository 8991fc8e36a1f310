import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { IsoDateTimeSchema, TimeWindowQuerySchema } from './common';

/** GET /preiszeitreihe, of a contract or of the customer's dynamic tariff. */
export const PriceQuerySchema = TimeWindowQuerySchema;
/** preis in EUR per kWh. */
const PricePointSchema = lazySchema(() => z.object({ von: IsoDateTimeSchema, preis: z.number() }));
/** brutto: the prices include VAT (spec §6), so the screens label them "brutto". */
export const PriceSeriesSchema = lazySchema(() =>
  z.object({
    preise: z.array(PricePointSchema),
    brutto: z.boolean(),
  }),
);
export type PriceSeries = z.infer<typeof PriceSeriesSchema>;
export type PricePoint = z.infer<typeof PricePointSchema>;
