import { describe, expect, it } from 'vitest';
import { guardRedirect } from './guard';

describe('route guard (spec §2.1)', () => {
  it('keeps the forced-change state on the change-password pages', () => {
    for (const path of ['/', '/vertraege', '/anmelden', '/portal/gesperrt', '/daten/uebersicht']) {
      expect(guardRedirect(path, 'forcedChange', false), path).toBe('/aendere/passwort');
    }
    expect(guardRedirect('/aendere/passwort', 'forcedChange', false)).toBeUndefined();
    expect(guardRedirect('/passwort/aendern', 'forcedChange', false)).toBeUndefined();
  });

  it('sends a visitor from every authenticated route to login', () => {
    for (const path of [
      '/',
      '/vertraege',
      '/vertrag/5000001/detail',
      '/passwort/aendern',
      '/aendere/passwort',
    ]) {
      expect(guardRedirect(path, 'loggedOut', false), path).toBe('/anmelden');
    }
  });

  it('lets a visitor use the public pages', () => {
    for (const path of [
      '/anmelden',
      '/passwort/vergessen',
      '/passwort/erneuern',
      '/portal/gesperrt',
    ]) {
      expect(guardRedirect(path, 'loggedOut', false), path).toBeUndefined();
    }
  });

  it('sends a logged-in customer from the public pages home', () => {
    for (const path of [
      '/anmelden',
      '/passwort/vergessen',
      '/passwort/erneuern',
      '/portal/gesperrt',
    ]) {
      expect(guardRedirect(path, 'loggedIn', false), path).toBe('/');
    }
    expect(guardRedirect('/vertraege', 'loggedIn', false)).toBeUndefined();
  });

  it('ignores a trailing slash', () => {
    expect(guardRedirect('/anmelden/', 'loggedIn', false)).toBe('/');
  });

  it('sends everybody to the blocked page when the portal is disabled', () => {
    expect(guardRedirect('/', 'loggedIn', true)).toBe('/portal/gesperrt');
    expect(guardRedirect('/anmelden', 'loggedOut', true)).toBe('/portal/gesperrt');
    expect(guardRedirect('/portal/gesperrt', 'loggedOut', true)).toBeUndefined();
  });
});
