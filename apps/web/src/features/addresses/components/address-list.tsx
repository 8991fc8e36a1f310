import { ANREDE_LABELS, type BillingAddress } from '@kundenportal/contract';
import { validityText } from '../../../lib/validity-text';

export function addressLines(address: BillingAddress): string[] {
  const name =
    address.anrede === 'Firma'
      ? address.firma
      : [
          address.anrede === 'KeineAnrede' ? null : ANREDE_LABELS[address.anrede],
          address.titel,
          address.vorname,
          address.nachname,
        ]
          .filter(Boolean)
          .join(' ');
  return [
    name ?? '',
    address.co ? `c/o ${address.co}` : '',
    address.postfach
      ? `Postfach ${address.postfach}`
      : `${address.strasse ?? ''} ${address.hausnummer ?? ''}`.trim(),
    `${address.postleitzahl} ${address.ort}`,
    address.land === 'Deutschland' ? '' : address.land,
  ].filter((line) => line !== '');
}

export function AddressBlock({ address }: { address: BillingAddress }) {
  return (
    <>
      <address>
        {addressLines(address).map((line) => (
          <span key={line} className="line">
            {line}
          </span>
        ))}
      </address>
      <span className="muted">{validityText(address)}</span>
    </>
  );
}

export function AddressList({
  addresses,
  emptyText,
}: {
  addresses: BillingAddress[];
  emptyText: string;
}) {
  if (addresses.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className="plain-list">
      {addresses.map((address) => (
        <li key={address.id}>
          <AddressBlock address={address} />
        </li>
      ))}
    </ul>
  );
}
