import {
  ANREDE_LABELS,
  ValidityMessages,
  type BillingAddress,
  type CreateBillingAddressInput,
} from '@kundenportal/contract';
import { validityText } from '../../../lib/validity-text';
import type { ValidityKind } from '../../../ui/validity-rows';
import { addressApi } from '../api/addresses';

function addressLines(address: BillingAddress): string[] {
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

/** Billing addresses as validity rows on the screen (ui/validity-rows.tsx). */
export const addressRows: ValidityKind<BillingAddress, CreateBillingAddressInput> = {
  api: addressApi,
  names: {
    one: 'Rechnungsadresse',
    many: 'Rechnungsadressen',
    notDeleted: ValidityMessages.addressNotDeleted,
    notEnded: ValidityMessages.addressNotEnded,
  },
  show: (address) => <AddressBlock address={address} />,
};
