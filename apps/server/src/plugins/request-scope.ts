import type { RequestScope } from '../lib/validity-routes';
import { contractOf } from './contract-scope';
import { sessionOf } from './session';

/** Whose rows a request may reach, as the session guard and the contract scope decided. */
export const requestScope: RequestScope = {
  customerId: (request) => sessionOf(request).customerId,
  contractId: (request) => contractOf(request).id,
};
