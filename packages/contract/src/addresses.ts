import { lazySchema } from './lazy-schema';
import { z } from './zod-german';
import { IsoDateSchema } from './common';
import { AnredeSchema } from './customer';

export const Laender = ['Deutschland', 'Österreich', 'Schweiz'] as const;
export const DEFAULT_LAND = 'Deutschland';

/**
 * Billing addresses as the calls answer them. The input's rules are in address-input.ts: a page
 * that only shows addresses loads none of them.
 */
export const BillingAddressSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    gueltigVon: IsoDateSchema,
    gueltigBis: IsoDateSchema.nullable(),
    anrede: AnredeSchema,
    firma: z.string().nullable(),
    vorname: z.string().nullable(),
    nachname: z.string().nullable(),
    titel: z.string().nullable(),
    co: z.string().nullable(),
    strasse: z.string().nullable(),
    hausnummer: z.string().nullable(),
    postleitzahl: z.string(),
    ort: z.string(),
    land: z.enum(Laender),
    postfach: z.string().nullable(),
    vertragId: z.number().int().nullable(),
  }),
);
export type BillingAddress = z.infer<typeof BillingAddressSchema>;
