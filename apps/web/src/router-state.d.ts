import type { CancellationResult } from '@kundenportal/contract';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Handed from /vertrag/{id}/kuendigen to /vertraege (spec §4.3). */
    kuendigung?: { vertragsnummer: number; ergebnis: CancellationResult };
    /** Handed from a reading form to the contract's readings list (spec §8.3 success text). */
    ablesungGespeichert?: boolean;
    /** Handed from a password change to the landing page, which says that it worked. */
    passwortGeaendert?: boolean;
    /** The key of a refused waiting reading the contract's reading form opens to correct. */
    ablesungKorrigieren?: string;
  }
}
