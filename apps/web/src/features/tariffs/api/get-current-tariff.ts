import { queryOptions, useQuery } from '@tanstack/react-query';
import { TariffSchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

export const currentTariffQueryOptions = (contractId: number) =>
  queryOptions({
    queryKey: ['contracts', contractId, 'current-tariff'],
    queryFn: ({ signal }) => apiGet(`/vertrag/${contractId}/aktueller_tarif`, TariffSchema, signal),
  });

export const useCurrentTariff = (contractId: number) =>
  useQuery(currentTariffQueryOptions(contractId));
