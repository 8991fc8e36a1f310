import { useQuery } from '@tanstack/react-query';
import {
  BillingAddressRows,
  type BillingAddress,
  type CreateBillingAddressInput,
} from '@kundenportal/contract';
import { useCreateValidityRow, validityApi } from '../../../lib/validity-api';

/** Billing addresses are validity rows (lib/validity-api.ts) of spec §4.3. */
export const addressApi = validityApi<BillingAddress, CreateBillingAddressInput>(
  BillingAddressRows,
);

/** All of the customer's billing addresses, general and contract-specific. */
export const useCustomerAddresses = () => useQuery(addressApi.customerRows());

/** The general address valid today; 404 with the text of spec §8.5 when there is none. */
export const currentAddressQueryOptions = addressApi.current;
export const useCurrentAddress = () => useQuery(currentAddressQueryOptions());

/** The current address of a contract, or of the customer without a contract. */
export const startingAddressQueryOptions = (contractId: number | null) =>
  contractId === null ? addressApi.current() : addressApi.contractCurrent(contractId);

export const useCreateAddress = (contractId: number | null) =>
  useCreateValidityRow(addressApi, contractId);
