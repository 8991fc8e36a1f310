import { formatBoolean, type BankDetails } from '@kundenportal/contract';
import { Facts } from '../../../ui/facts';
import { validityText } from '../../../lib/validity-text';

/** IBAN in groups of four, as printed on cards and statements. */
export const groupedIban = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

export function BankDetailsFacts({ entry }: { entry: BankDetails }) {
  return (
    <Facts
      facts={[
        { label: 'Kontoinhaber', value: entry.kontoinhaber },
        { label: 'IBAN', value: groupedIban(entry.iban) },
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

export function BankDetailsList({
  details,
  emptyText,
}: {
  details: BankDetails[];
  emptyText: string;
}) {
  if (details.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="plain-list">
      {details.map((entry) => (
        <li key={entry.bankverbindungId}>
          <BankDetailsFacts entry={entry} />
        </li>
      ))}
    </ul>
  );
}
