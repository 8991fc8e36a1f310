/** The salutation line of a mail to a customer, as German letters address them. */
export function greetingOf(customer: {
  anrede: string;
  titel: string | null;
  nachname: string | null;
}): string {
  const name = [customer.titel, customer.nachname].filter(Boolean).join(' ');
  switch (customer.anrede) {
    case 'Herr':
      return name ? `Guten Tag Herr ${name},` : 'Guten Tag,';
    case 'Frau':
      return name ? `Guten Tag Frau ${name},` : 'Guten Tag,';
    case 'Familie':
      return name ? `Guten Tag Familie ${name},` : 'Guten Tag,';
    default:
      return 'Guten Tag,';
  }
}
