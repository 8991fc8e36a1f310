import { useMutation } from '@tanstack/react-query';
import {
  LOGIN_STATUS_NO_PORTAL_ACCESS,
  MessageAnswerSchema,
  Messages,
  type PasswordResetRequest,
} from '@kundenportal/contract';
import { mandant } from '../../../config/mandant';
import { ApiError, apiSendAnswer, errorMessage } from '../../../lib/api-client';

/** POST /anschlussnutzer/passwort_reset: answers the text the customer reads (spec §8.2). */
export async function requestPasswordReset({
  kundennummer,
}: PasswordResetRequest): Promise<'sent'> {
  const answer = await apiSendAnswer(
    '/anschlussnutzer/passwort_reset',
    {
      method: 'POST',
      // The reset page as the server resolved it, the only one it accepts (docs/architecture.md);
      // not from this page's origin, as the customer may have reached the portal by another host
      // name.
      headers: { kundennummer, basisUrl: mandant.passwortResetUrl },
      passStatuses: [LOGIN_STATUS_NO_PORTAL_ACCESS],
    },
    MessageAnswerSchema,
  );
  if (answer.status === LOGIN_STATUS_NO_PORTAL_ACCESS) {
    throw new ApiError(LOGIN_STATUS_NO_PORTAL_ACCESS, Messages.noPortalAccess);
  }
  return 'sent';
}

/** Spec §8.2: 702 and 404 have their texts; any other failure the unknown error, 5xx §8.1's. */
export function passwordResetErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === LOGIN_STATUS_NO_PORTAL_ACCESS)
    return Messages.noPortalAccess;
  if (error instanceof ApiError && error.status === 404)
    return Messages.passwordResetUnknownCustomer;
  return errorMessage(error, Messages.unknownError);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
