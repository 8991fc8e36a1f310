/** Every route of spec §2, at its German path. */
export const Paths = {
  login: '/anmelden',
  forgotPassword: '/passwort/vergessen',
  resetPassword: '/passwort/erneuern',
  blocked: '/portal/gesperrt',
  forcedPasswordChange: '/aendere/passwort',
  changePassword: '/passwort/aendern',
  home: '/',
  contracts: '/vertraege',
  reading: '/ablesung',
  dataOverview: '/daten/uebersicht',
  editContact: '/kontakt/editieren',
  editBillingAddress: '/rechnungsadresse/editieren',
  billingAddresses: '/rechnungsadressen',
  editBankDetails: '/bankverbindung/editieren',
  bankDetails: '/bankverbindungen',
  documents: '/dokumente',
  priceSeries: '/preiszeitreihe',
  contactRequest: '/kontaktanfrage',
  contactRequestDone: '/kontaktanfrageOk',
  confirmEmail: '/email/bestaetigen',
  revokeEmailChange: '/email/widerrufen',
} as const;

/** Pages reached from a link in a mail: the link's token is the proof, whoever is logged in. */
export const MAIL_LINK_PATHS: readonly string[] = [Paths.confirmEmail, Paths.revokeEmailChange];

/** Paths open to visitors who are not logged in; a logged-in customer is sent home. */
export const PUBLIC_PATHS: readonly string[] = [
  Paths.login,
  Paths.forgotPassword,
  Paths.resetPassword,
  Paths.blocked,
];
/** The only paths of the forced-password-change state. */
export const PASSWORD_CHANGE_PATHS: readonly string[] = [
  Paths.forcedPasswordChange,
  Paths.changePassword,
];
