import { queryOptions, useQuery } from '@tanstack/react-query';
import { PriceSeriesSchema } from '@kundenportal/contract';
import { apiGet } from '../../../lib/api-client';

/** The price series of one contract, or of the customer's dynamic tariff without a contract. */
export const priceSeriesQueryOptions = (contractId: number | null, from: Date, to: Date) =>
  queryOptions({
    queryKey: ['price-series', contractId, from.toISOString(), to.toISOString()],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ von: from.toISOString(), bis: to.toISOString() });
      const path =
        contractId === null ? '/preiszeitreihe' : `/vertrag/${contractId}/preiszeitreihe`;
      return apiGet(`${path}?${query}`, PriceSeriesSchema, signal);
    },
  });

export const usePriceSeries = (contractId: number | null, from: Date, to: Date) =>
  useQuery(priceSeriesQueryOptions(contractId, from, to));
