import { bankDataByBLZ } from 'bankdata-germany';
import {
  bankValidity,
  splitGermanIban,
  VALID,
  invalid,
  NO_FEEDBACK,
  type IbanCheckResult,
} from '@kundenportal/contract';

const UNKNOWN_BANK_MESSAGE = 'Zu dieser IBAN ist uns keine Bank bekannt.';

/**
 * The IBAN check of spec §3: the checksum by ibantools, bank name and BIC from the Bundesbank
 * bank-code data. Without an IBAN, account number and bank code may give one (kind 2).
 */
export function checkIban(input: {
  iban?: string | undefined;
  kontonummer?: string | undefined;
  blz?: string | undefined;
}): IbanCheckResult {
  const validity = bankValidity(input);
  const empty = { iban: null, bic: null, bankname: null, kontonummer: null, blz: null };
  switch (validity.kind) {
    case 1:
      return { ...empty, valide: false, art: 1, ibanAbleitbar: false, feedback: NO_FEEDBACK };
    case 3:
      return {
        ...empty,
        valide: false,
        art: 3,
        ibanAbleitbar: false,
        feedback: invalid(validity.nachricht),
      };
    case 0:
    case 2: {
      const { blz, kontonummer } = splitGermanIban(validity.iban);
      const bank = bankDataByBLZ(blz);
      const valide = validity.kind === 0 || validity.valide;
      if (!bank || !valide) {
        return {
          ...empty,
          valide: false,
          art: validity.kind === 0 ? 3 : 2,
          ibanAbleitbar: validity.kind === 2,
          feedback: invalid(UNKNOWN_BANK_MESSAGE),
        };
      }
      return {
        valide: true,
        iban: validity.iban,
        bic: bank.bic ?? null,
        bankname: bank.bankName,
        kontonummer,
        blz,
        art: validity.kind,
        ibanAbleitbar: validity.kind === 2,
        feedback: VALID,
      };
    }
  }
}
