import { z } from 'zod';
import { IsoDateTimeSchema } from './common';

export const PriceQuerySchema = z.object({ von: IsoDateTimeSchema, bis: IsoDateTimeSchema });
/** preis in EUR per kWh. */
export const PricePointSchema = z.object({ von: IsoDateTimeSchema, preis: z.number() });
export const PriceSeriesSchema = z.object({ preise: z.array(PricePointSchema) });
export type PriceSeries = z.infer<typeof PriceSeriesSchema>;
export type PricePoint = z.infer<typeof PricePointSchema>;
