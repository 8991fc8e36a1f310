import { READING_FAILED_MESSAGE } from '@kundenportal/contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { sessionStore } from '../../../session/session-store';
import { createReading } from '../api/create-reading';
import { outboxChanged } from './outbox-changes';
import {
  forgetWaitingReading,
  inputOf,
  keepWaitingReading,
  waitingReadingsOf,
  type WaitingReading,
} from './waiting-readings';

/** No answer, server trouble, too many requests or an ended session: try again later. */
const worthRetrying = (error: unknown) =>
  !(error instanceof ApiError) || error.technical || error.status === 401 || error.status === 429;

async function sendEach(kundennummer: string) {
  const sentTo: number[] = [];
  let changed = false;
  for (const reading of await waitingReadingsOf(kundennummer)) {
    if (reading.ablehnung !== undefined) continue;
    // Another customer logged in meanwhile: their session must not carry this one's readings.
    if (sessionStore.get()?.kundennummer !== kundennummer) break;
    try {
      await createReading(reading.contractId, await inputOf(reading), reading.schluessel);
      await forgetWaitingReading(reading);
      sentTo.push(reading.contractId);
    } catch (error) {
      if (worthRetrying(error)) break;
      const refused: WaitingReading = {
        ...reading,
        ablehnung: errorMessage(error, READING_FAILED_MESSAGE),
      };
      await keepWaitingReading(refused);
      changed = true;
    }
  }
  if (changed || sentTo.length > 0) outboxChanged(sentTo);
}

let running: Promise<void> | undefined;

/** Tabs of the same device send one after the other: the second finds the sent ones gone. */
const oneTabAtATime = (send: () => Promise<void>) =>
  'locks' in navigator ? navigator.locks.request('ablesungen-senden', send) : send();

/**
 * Sends the logged-in customer's waiting readings, each under its own idempotency key, so a
 * reading sent twice (two devices, a lost answer) is stored once. Called on `online`, at start, at
 * login, and by the service worker's Background Sync; one run at a time per tab, and one tab at
 * a time.
 */
export function sendWaitingReadings(): Promise<void> {
  const state = sessionStore.state();
  if (state.kind !== 'loggedIn') return Promise.resolve();
  const { kundennummer } = state.session;
  running ??= oneTabAtATime(() => sendEach(kundennummer)).finally(() => {
    running = undefined;
  });
  return running;
}
