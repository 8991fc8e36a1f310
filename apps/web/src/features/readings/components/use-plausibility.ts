import { useState } from 'react';
import type { CreateReadingInput, Plausibility } from '@kundenportal/contract';
import { checkPlausibility } from '../api/check-plausibility';

/**
 * The server's plausibility check before a reading is sent. A warning belongs to the proposal
 * it is about (meter, day, values, photo): any change makes it a new proposal, checked anew;
 * sending the same proposal again is the customer's confirmation.
 */
export function usePlausibility(proposal: string) {
  const [warning, setWarning] = useState<{ key: string; plausibility: Plausibility } | null>(null);
  const [checking, setChecking] = useState(false);
  const shown = warning?.key === proposal ? warning.plausibility : null;

  /** Whether the reading may go to the server now: plausible, unchecked, or confirmed. */
  const passes = async (contractId: number, input: CreateReadingInput): Promise<boolean> => {
    if (shown) {
      setWarning(null);
      return true;
    }
    setChecking(true);
    try {
      const plausibility = await checkPlausibility(contractId, input);
      if (!plausibility.plausibel) {
        setWarning({ key: proposal, plausibility });
        return false;
      }
    } catch {
      // The check only warns; without its answer the reading still goes to the server's rules.
    } finally {
      setChecking(false);
    }
    return true;
  };

  return { shown, checking, passes, dismiss: () => setWarning(null) };
}
