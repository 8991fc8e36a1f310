import { describe, expect, it } from 'vitest';
import { MAIL_LINK_PATHS, PASSWORD_CHANGE_PATHS, Paths, PUBLIC_PATHS } from './routes';

describe('the routes (spec §2)', () => {
  it('are at the German paths the spec names', () => {
    // spec §2.2–§2.4 and the two mail links, in the spec's order
    const spec = [
      ['/anmelden', '/passwort/vergessen', '/passwort/erneuern', '/portal/gesperrt'],
      ['/aendere/passwort', '/passwort/aendern'],
      ['/', '/vertraege', '/ablesung', '/daten/uebersicht', '/kontakt/editieren'],
      ['/rechnungsadresse/editieren', '/rechnungsadressen'],
      ['/bankverbindung/editieren', '/bankverbindungen', '/dokumente', '/preiszeitreihe'],
      ['/kontaktanfrage', '/kontaktanfrageOk', '/email/bestaetigen', '/email/widerrufen'],
    ].flat();
    expect(Object.values(Paths).sort()).toEqual(spec.sort());
    expect(Paths.login).toBe('/anmelden');
    expect(Paths.home).toBe('/');
    expect(Paths.contactRequestDone).toBe('/kontaktanfrageOk');
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
