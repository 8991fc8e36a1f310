import { formatDate } from '@kundenportal/contract';

/** A billing address's or bank account's validity, as both lists show it. */
export const validityText = (row: { gueltigVon: string; gueltigBis: string | null }) =>
  row.gueltigBis
    ? `gültig vom ${formatDate(row.gueltigVon)} bis ${formatDate(row.gueltigBis)}`
    : `gültig ab ${formatDate(row.gueltigVon)}`;
