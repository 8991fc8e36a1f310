import { describe, expect, it } from 'vitest';
import { MAIL_LINK_PATHS, PASSWORD_CHANGE_PATHS, Paths, PUBLIC_PATHS } from './routes';

describe('the routes (spec §2)', () => {
  it('are at their German paths', () => {
    expect(Paths).toEqual({
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
    });
  });

  it('open the four screens of §2.2 to visitors, and nothing else', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual([
      '/anmelden',
      '/passwort/erneuern',
      '/passwort/vergessen',
      '/portal/gesperrt',
    ]);
  });

  it('allow only the change-password screens in the forced-change state (§2.1, §2.3)', () => {
    expect([...PASSWORD_CHANGE_PATHS].sort()).toEqual(['/aendere/passwort', '/passwort/aendern']);
  });

  it('let the e-mail links through whoever is logged in', () => {
    expect([...MAIL_LINK_PATHS].sort()).toEqual(['/email/bestaetigen', '/email/widerrufen']);
  });
});
