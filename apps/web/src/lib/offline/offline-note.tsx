import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@kundenportal/contract';
import { useSessionState } from '../../session/use-session';
import { isCustomerData } from './kept-offline';
import { useOnline } from './use-online';

/**
 * Above every page while the browser is offline and a customer is logged in: what is shown is
 * what was loaded last, from when (the oldest of it, so the date promises nothing fresher).
 */
export function OfflineNote() {
  const online = useOnline();
  const session = useSessionState();
  const queryClient = useQueryClient();
  if (online || session.kind !== 'loggedIn') return null;
  const loaded = queryClient
    .getQueryCache()
    .findAll({ predicate: isCustomerData })
    .map((query) => query.state.dataUpdatedAt)
    .filter((time) => time > 0);
  return (
    <p className="offline-note" role="status">
      {loaded.length > 0
        ? `Offline – zuletzt aktualisiert am ${formatDateTime(new Date(Math.min(...loaded)))}`
        : 'Offline – keine Verbindung zum Kundenportal.'}
    </p>
  );
}
