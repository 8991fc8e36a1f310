import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  BankDetailsSchema,
  IbanCheckResultSchema,
  NoContentSchema,
  type BankDetails,
  type CreateBankDetailsInput,
} from '@kundenportal/contract';
import { apiGet, apiSend } from '../../../lib/api-client';

/** All of the customer's bank details, general and contract-specific. */
export const customerBankDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'bank-details'],
    queryFn: ({ signal }) =>
      apiGet('/anschlussnutzer/bankverbindungen', z.array(BankDetailsSchema), signal),
  });
export const useCustomerBankDetails = () => useQuery(customerBankDetailsQueryOptions());

export const currentBankDetailsQueryOptions = () =>
  queryOptions({
    queryKey: ['customer', 'bank-details', 'current'],
    queryFn: ({ signal }) =>
      apiGet('/anschlussnutzer/aktuelleBankverbindung', BankDetailsSchema, signal),
    retry: false,
  });
export const useCurrentBankDetails = () => useQuery(currentBankDetailsQueryOptions());

/** The IBAN check of spec §3: validity, bank name, BIC, bank code and account number. */
export const checkIban = (iban: string, signal?: AbortSignal) =>
  apiGet(
    `/bankverbindung/pruefe?${new URLSearchParams({ iban }).toString()}`,
    IbanCheckResultSchema,
    signal,
  );

export const ibanCheckQueryOptions = (iban: string) =>
  queryOptions({
    queryKey: ['iban-check', iban],
    queryFn: ({ signal }) => checkIban(iban, signal),
    enabled: iban !== '',
    staleTime: Infinity,
    retry: false,
  });
export const useIbanCheck = (iban: string) => useQuery(ibanCheckQueryOptions(iban));

function invalidateBank(queryClient: ReturnType<typeof useQueryClient>, contractId: number | null) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['customer', 'bank-details'] }),
    contractId !== null &&
      queryClient.invalidateQueries({ queryKey: ['contracts', contractId, 'bank-details'] }),
  ]);
}

export function useCreateBankDetails(contractId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBankDetailsInput) =>
      apiSend(
        contractId === null
          ? '/anschlussnutzer/bankverbindungAnlegen'
          : `/vertrag/${contractId}/bankverbindung/anlegen`,
        { method: 'POST', body: input },
        BankDetailsSchema,
      ),
    // A refused account changed nothing; a stored one changes the lists and the current one.
    onSuccess: () => invalidateBank(queryClient, contractId),
  });
}

export function useDeleteOrEndBankDetails(contractId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, action }: { row: BankDetails; action: 'loeschen' | 'beenden' }) =>
      apiSend(
        `/vertrag/${contractId}/bankverbindung/${action}/${row.bankverbindungId}`,
        { method: 'DELETE' },
        NoContentSchema,
      ),
    onSettled: () => invalidateBank(queryClient, contractId),
  });
}
