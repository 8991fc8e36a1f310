import type { CancellationResult } from '@kundenportal/contract';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Handed from /vertrag/{id}/kuendigen to /vertraege (spec §4.3). */
    kuendigung?: { vertragsnummer: number; ergebnis: CancellationResult };
  }
}
