import type { Executor } from '../../db/client';
import { deleteSessionsOfCustomer } from '../auth/repo';
import { endUnconfirmedChanges } from '../email-change/repo';
import { endOpenResetTokens } from '../password-reset/repo';

interface AccessFields {
  portalAccess: boolean;
  mustChangePassword: boolean;
  email: string | null;
}

/**
 * What the portal's own flows end, an import with the same effect ends too: taking access away
 * ends the sessions, the reset links and an unconfirmed e-mail change; a password change that
 * becomes due ends the sessions, so that the next login leads to it; a new address ends the
 * reset links mailed to the old one and a change that would overwrite it once confirmed.
 */
export async function endWhatTheImportTakesAway(
  executor: Executor,
  customerId: number,
  stored: AccessFields,
  imported: AccessFields,
  now: Date,
) {
  const accessEnds = stored.portalAccess && !imported.portalAccess;
  const passwordChangeDue = imported.mustChangePassword && !stored.mustChangePassword;
  const addressChanges = stored.email !== imported.email;
  if (accessEnds || passwordChangeDue) await deleteSessionsOfCustomer(executor, customerId);
  if (accessEnds || addressChanges) {
    await endOpenResetTokens(executor, customerId, now);
    await endUnconfirmedChanges(executor, customerId, now);
  }
}
