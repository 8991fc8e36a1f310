import { EmailChangeMessages } from '@kundenportal/contract';
import { Alert } from '../../../ui/alert';
import { usePendingEmail } from '../api/get-pending-email';

/** Tells the customer that a new address waits for its confirmation; nothing while none does. */
export function PendingEmailNotice() {
  const pending = usePendingEmail();
  const email = pending.data?.neueEmail;
  if (!email) return null;
  return <Alert tone="info">{EmailChangeMessages.pending(email)}</Alert>;
}
