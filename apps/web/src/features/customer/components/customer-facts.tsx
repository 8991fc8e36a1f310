import { ANREDE_LABELS, formatDate, kundennummerText, type Customer } from '@kundenportal/contract';
import { mandant } from '../../../config/mandant';
import { Facts } from '../../../ui/facts';

// Only the e-mail says that it is missing: without it no password can be reset. Other empty
// rows are left out.
const NOT_SET = 'nicht hinterlegt';

/** The customer's own data, as the data overview shows them. */
export function CustomerFacts({ customer }: { customer: Customer }) {
  return (
    <Facts
      facts={[
        { label: 'Kundennummer', value: kundennummerText(mandant, customer.kundennummer) },
        { label: 'Anrede', value: ANREDE_LABELS[customer.anrede] },
        { label: 'Titel', value: customer.titel },
        {
          label: 'Name',
          value: [customer.vorname, customer.nachname].filter(Boolean).join(' '),
        },
        { label: 'Firma', value: customer.firma },
        {
          label: 'Geburtsdatum',
          value: customer.geburtsdatum ? formatDate(customer.geburtsdatum) : null,
        },
        { label: 'E-Mail', value: customer.email ?? NOT_SET },
        { label: 'Festnetz', value: customer.festnetz },
        { label: 'Mobil', value: customer.mobil },
        { label: 'Fax', value: customer.fax },
      ]}
    />
  );
}
