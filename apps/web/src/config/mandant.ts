import raw from '@mandant';
import { MandantSchema } from '@kundenportal/contract';

/** The variant in force, chosen at build time (MANDANT) and checked against the contract. */
export const mandant = MandantSchema.parse(raw);
