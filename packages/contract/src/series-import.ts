import { lazySchema } from './lazy-schema';
import { z } from './zod-german';

/**
 * The operator's import of time series (docs/operator-api.md): a contract's consumption
 * (BO4E Energiemenge, kWh) and the exchange prices (EUR/MWh). What an import answers.
 */
export const SeriesImportSummarySchema = lazySchema(() =>
  z.object({
    art: z.enum(['energiemengen', 'preise']),
    /** Rows read from the body. */
    zeilen: z.number().int(),
    /** ISO 8601 duration of the rows sent: quarter-hours or hours. */
    aufloesung: z.enum(['PT15M', 'PT1H']),
    /** The replaced period, [von, bis). */
    von: z.iso.datetime(),
    bis: z.iso.datetime(),
    /** Values stored: consumption per hour, prices as sent. */
    gespeichert: z.number().int(),
    neu: z.number().int(),
    ersetzt: z.number().int(),
    /** Values the period had and the series no longer has. */
    entfernt: z.number().int(),
  }),
);
export type SeriesImportSummary = z.infer<typeof SeriesImportSummarySchema>;

/** The contract's key in the path of PUT /import/energiemengen/{vertragsnummer}. */
export const SeriesContractParamsSchema = lazySchema(() =>
  z.object({
    vertragsnummer: z
      .string()
      .regex(/^\d{1,9}$/, 'Die Vertragsnummer besteht aus höchstens 9 Ziffern.'),
  }),
);
