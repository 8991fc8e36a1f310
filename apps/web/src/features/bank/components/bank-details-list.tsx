import {
  formatBoolean,
  ValidityMessages,
  type BankDetails,
  type CreateBankDetailsInput,
} from '@kundenportal/contract';
import { Facts } from '../../../ui/facts';
import { validityText } from '../../../lib/validity-text';
import type { ValidityKind } from '../../../ui/validity-rows';
import { bankApi } from '../api/bank-details';
import { MaskedIban } from './masked-iban';

export function BankDetailsFacts({ entry }: { entry: BankDetails }) {
  return (
    <Facts
      facts={[
        { label: 'Kontoinhaber', value: entry.kontoinhaber },
        { label: 'IBAN', value: <MaskedIban iban={entry.iban} /> },
        { label: 'BIC', value: entry.bic },
        { label: 'Bank', value: entry.bankname },
        {
          label: 'Lastschrifteinzug erlaubt',
          value: formatBoolean(entry.lastschrifteinzugErlaubt),
        },
        {
          label: 'Mandatsreferenz',
          value: entry.lastschrifteinzugErlaubt ? entry.mandatsreferenz : null,
        },
        { label: 'Gültigkeit', value: validityText(entry) },
      ]}
    />
  );
}

/** Bank details as validity rows on the screen (ui/validity-rows.tsx). */
export const bankRows: ValidityKind<BankDetails, CreateBankDetailsInput> = {
  api: bankApi,
  names: {
    one: 'Bankverbindung',
    many: 'Bankverbindungen',
    notDeleted: ValidityMessages.bankNotDeleted,
    notEnded: ValidityMessages.bankNotEnded,
  },
  show: (entry) => <BankDetailsFacts entry={entry} />,
};
