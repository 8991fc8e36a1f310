import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Paths } from '@kundenportal/contract';
import { logout } from '../../features/auth/api/logout';
import type { WaitingReading } from '../../features/readings/outbox/waiting-readings';
import { sessionStore } from '../../session/session-store';

/** The navigation's logout: readings waiting on this device are asked about before it ends. */
export function useLogout() {
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState<WaitingReading[]>([]);
  const endSession = async () => {
    setWaiting([]);
    await logout();
    await navigate({ to: Paths.login });
  };
  // Readings waiting on this device are said before the session ends: keep them or not.
  const onLogout = async () => {
    const kundennummer = sessionStore.get()?.kundennummer;
    // Loaded on the click: every screen has this bar, and only a logout needs IndexedDB.
    const readings = kundennummer
      ? await import('../../features/readings/outbox/waiting-readings')
          .then((store) => store.waitingReadingsOf(kundennummer))
          .catch(() => [])
      : [];
    if (readings.length > 0) setWaiting(readings);
    else await endSession();
  };
  const deleteAndLogout = async () => {
    await import('../../features/readings/outbox/waiting-readings')
      .then((store) => Promise.all(waiting.map(store.forgetWaitingReading)))
      .catch(() => undefined);
    await endSession();
  };
  return { waiting, onLogout, endSession, deleteAndLogout, stayLoggedIn: () => setWaiting([]) };
}
