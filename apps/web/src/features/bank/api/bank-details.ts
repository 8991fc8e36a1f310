import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  BankDetailsRows,
  IbanCheckResultSchema,
  type BankDetails,
  type CreateBankDetailsInput,
} from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';
import { useCreateValidityRow, validityApi } from '../../../lib/validity-api';

/** Bank details are validity rows (lib/validity-api.ts) of spec §4.3. */
export const bankApi = validityApi<BankDetails, CreateBankDetailsInput>(BankDetailsRows);

/** All of the customer's bank details, general and contract-specific. */
export const useCustomerBankDetails = () => useQuery(bankApi.customerRows());
export const useCurrentBankDetails = () => useQuery(bankApi.current());

/** The IBAN check of spec §3: validity, bank name, BIC, bank code and account number. */
const checkIban = (iban: string, signal?: AbortSignal) =>
  apiGet(
    `/bankverbindung/pruefe?${new URLSearchParams({ iban }).toString()}`,
    IbanCheckResultSchema,
    signal,
  );

const ibanCheckQueryOptions = (iban: string) =>
  queryOptions({
    queryKey: ['iban-check', iban],
    queryFn: ({ signal }) => checkIban(iban, signal),
    enabled: iban !== '',
    staleTime: Infinity,
    retry: false,
  });
export const useIbanCheck = (iban: string) => useQuery(ibanCheckQueryOptions(iban));

export const useCreateBankDetails = (contractId: number | null) =>
  useCreateValidityRow(bankApi, contractId);
