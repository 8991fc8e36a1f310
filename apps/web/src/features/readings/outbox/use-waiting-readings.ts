import { useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../../session/session-store';
import { onOutboxChange } from './outbox-changes';
import { waitingReadingsOf } from './waiting-readings';

const waitingKey = (kundennummer: string | undefined) => ['wartende-ablesungen', kundennummer];

/** The logged-in customer's waiting readings, read again whenever one changes. */
export function useWaitingReadings() {
  const kundennummer = useSyncExternalStore(
    sessionStore.subscribe,
    () => sessionStore.get()?.kundennummer,
  );
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onOutboxChange(
        () => void queryClient.invalidateQueries({ queryKey: waitingKey(kundennummer) }),
      ),
    [queryClient, kundennummer],
  );
  return useQuery({
    queryKey: waitingKey(kundennummer),
    queryFn: () => (kundennummer ? waitingReadingsOf(kundennummer) : []),
    staleTime: Infinity,
    // The device's own store: readable without a connection.
    networkMode: 'always',
  });
}
