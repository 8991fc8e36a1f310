import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import {
  IsoDateSchema,
  IsoDateTimeSchema,
  TimeWindowQueryMessages,
  TimeWindowQuerySchema,
  type Labels,
} from './common';

/**
 * A consumption between two readings of a meter (spec §2.4). When a channel's reading fell in
 * the period (a meter change or a correction), no consumption can be computed from it: then
 * `zaehlerstandGefallen` is true and every figure null, never a negative number, never extrapolated.
 */
const ConsumptionSchema = lazySchema(() =>
  z.object({
    von: IsoDateSchema,
    bis: IsoDateSchema,
    summe: z.number().nullable(),
    summeJahr: z.number().nullable(),
    prognose: z.number().nullable(),
    proKanal: z.array(z.object({ obiskennzahl: z.string(), verbrauch: z.number().nullable() })),
    zaehlerstandGefallen: z.boolean().default(false),
  }),
);
export type Consumption = z.infer<typeof ConsumptionSchema>;
export const FALLING_METER_LABEL = 'Zählerwechsel oder Korrektur';
export const FALLING_METER_EXPLANATION =
  '„Zählerwechsel oder Korrektur“: In diesem Zeitraum ist der Zählerstand gesunken, etwa weil der Zähler gewechselt oder ein Stand korrigiert wurde. Ein Verbrauch lässt sich dafür nicht berechnen.';
export const ConsumptionListSchema = lazySchema(() => z.array(ConsumptionSchema));

export const Granularities = ['STUENDLICH', 'TAEGLICH', 'MONATLICH'] as const;
export type Granularity = (typeof Granularities)[number];
export const GRANULARITY_LABELS: Labels<Granularity> = {
  STUENDLICH: 'Preisübersicht 48h',
  TAEGLICH: 'Monatsübersicht',
  MONATLICH: 'Jahresübersicht',
};
/** The interval query parameter of GET {v}/historie for each granularity. */
export const GRANULARITY_INTERVALS: Readonly<Record<Granularity, 'hourly' | 'daily' | 'monthly'>> =
  {
    STUENDLICH: 'hourly',
    TAEGLICH: 'daily',
    MONATLICH: 'monthly',
  };

export const HistoryQueryMessages = {
  ...TimeWindowQueryMessages,
  interval: 'Bitte geben Sie als Intervall hourly, daily oder monthly an.',
} as const;

/** GET {v}/historie: the window, and hourly values unless another interval is asked for. */
export const HistoryQuerySchema = lazySchema(() =>
  TimeWindowQuerySchema.extend({
    interval: z
      .enum(['hourly', 'daily', 'monthly'], { error: HistoryQueryMessages.interval })
      .default('hourly'),
  }),
);
export type HistoryQuery = z.output<typeof HistoryQuerySchema>;

/** verbrauch in kWh, arbeitspreis in EUR/kWh, kosten in EUR; null where not known yet. */
const HistoryPointSchema = lazySchema(() =>
  z.object({
    von: IsoDateTimeSchema,
    bis: IsoDateTimeSchema,
    verbrauch: z.number().nullable(),
    arbeitspreis: z.number().nullable(),
    kosten: z.number().nullable(),
  }),
);
export type HistoryPoint = z.infer<typeof HistoryPointSchema>;
export const HistoryAnswerSchema = lazySchema(() =>
  z.object({ data: z.array(HistoryPointSchema) }),
);
export type HistoryAnswer = z.infer<typeof HistoryAnswerSchema>;
