import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { NoContentSchema, type ValidityPaths } from '@kundenportal/contract';
import { apiGet, apiSend } from './api-client';

export type ValidityAction = 'loeschen' | 'beenden';

/**
 * One kind of validity rows (billing addresses, bank details) as the contract describes it
 * (`BillingAddressRows`, `BankDetailsRows`): the customer's general rows and each contract's own,
 * valid from a day through an optional last day.
 */
export interface ValidityEndpoints<Row> {
  /** The contract's schema of a row: every answer is parsed with it. */
  schema: z.ZodType<Row>;
  rowId: (row: Row) => number;
  paths: ValidityPaths;
}

/** Query options of one kind of validity rows; the mutations are the hooks below. */
export function validityApi<Row, Input>(endpoints: ValidityEndpoints<Row>) {
  const { schema, paths } = endpoints;
  const key = paths.contract;
  // One key type for all of them, so that a caller may choose between them.
  const queryKey = (...parts: (string | number)[]) => parts;
  const contractUrl = (contractId: number, call: string) =>
    `/vertrag/${contractId}/${paths.contract}/${call}`;
  return {
    endpoints,
    /** All of the customer's rows, general and contract-specific. */
    customerRows: () =>
      queryOptions({
        queryKey: queryKey('customer', key),
        queryFn: ({ signal }) => apiGet(paths.customer.all, z.array(schema), signal),
      }),
    /** The general row valid today; 404 with the text of spec §8.5 when there is none. */
    current: () =>
      queryOptions({
        queryKey: queryKey('customer', key, 'current'),
        queryFn: ({ signal }) => apiGet(paths.customer.current, schema, signal),
        retry: false,
      }),
    /** A contract's own rows. */
    contractRows: (contractId: number) =>
      queryOptions({
        queryKey: queryKey('contracts', contractId, key),
        queryFn: ({ signal }) => apiGet(contractUrl(contractId, 'alle'), z.array(schema), signal),
      }),
    /** A contract's row valid today; 404 when there is none. */
    contractCurrent: (contractId: number) =>
      queryOptions({
        queryKey: queryKey('contracts', contractId, key, 'current'),
        queryFn: ({ signal }) => apiGet(contractUrl(contractId, 'aktuelle'), schema, signal),
        retry: false,
      }),
    /** A new row for all contracts (contractId null) or for one; answers the row stored. */
    create: (contractId: number | null, input: Input): Promise<Row> =>
      apiSend(
        contractId === null ? paths.customer.create : contractUrl(contractId, 'anlegen'),
        { method: 'POST', body: input },
        schema,
      ),
    /** Deletes a row that lies ahead or ends a valid one (spec §4.3). */
    deleteOrEnd: (contractId: number, row: Row, action: ValidityAction) =>
      apiSend(
        contractUrl(contractId, `${action}/${endpoints.rowId(row)}`),
        { method: 'DELETE' },
        NoContentSchema,
      ),
  };
}

export type ValidityApi<Row, Input> = ReturnType<typeof validityApi<Row, Input>>;

/** A change of a customer's rows may change every list of them: general and the contract's. */
function useInvalidateRows(key: string, contractId: number | null) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['customer', key] }),
      contractId !== null &&
        queryClient.invalidateQueries({ queryKey: ['contracts', contractId, key] }),
    ]);
}

export function useCreateValidityRow<Row, Input>(
  api: ValidityApi<Row, Input>,
  contractId: number | null,
) {
  const invalidate = useInvalidateRows(api.endpoints.paths.contract, contractId);
  return useMutation({
    mutationFn: (input: Input) => api.create(contractId, input),
    // A refused row changed nothing, and a refetch would take the form away while the customer
    // reads why; a stored one changes the lists and the current row.
    onSuccess: invalidate,
  });
}

export function useDeleteOrEndValidityRow<Row, Input>(
  api: ValidityApi<Row, Input>,
  contractId: number,
) {
  const invalidate = useInvalidateRows(api.endpoints.paths.contract, contractId);
  return useMutation({
    mutationFn: ({ row, action }: { row: Row; action: ValidityAction }) =>
      api.deleteOrEnd(contractId, row, action),
    onSettled: invalidate,
  });
}
