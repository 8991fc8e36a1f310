import { describe, expect, it } from 'vitest';
import { deriveContractStatus } from './contracts';
import { displayName, AnredeInputSchema } from './customer';
import { showsGrossPrices } from './tariffs';
import { isHolidayEntry } from './holidays';

describe('derived contract status (spec §4.2, in order)', () => {
  const active = {
    storniert: false,
    lieferbeginn: '2024-01-01',
    lieferende: null,
    gewuenschtesLieferende: null,
  };
  it('is AKTIV with a start and nothing else', () => {
    expect(deriveContractStatus(active)).toBe('AKTIV');
  });
  it('is BEAUFTRAGT without a delivery start', () => {
    expect(deriveContractStatus({ ...active, lieferbeginn: null })).toBe('BEAUFTRAGT');
  });
  it('is GEKUENDIGT with a wished end, before BEAUFTRAGT', () => {
    expect(
      deriveContractStatus({ ...active, lieferbeginn: null, gewuenschtesLieferende: '2027-01-01' }),
    ).toBe('GEKUENDIGT');
  });
  it('is BEENDET with an end, before GEKUENDIGT', () => {
    expect(
      deriveContractStatus({
        ...active,
        lieferende: '2025-01-01',
        gewuenschtesLieferende: '2025-01-01',
      }),
    ).toBe('BEENDET');
  });
  it('is STORNIERT above everything', () => {
    expect(deriveContractStatus({ ...active, storniert: true, lieferende: '2025-01-01' })).toBe(
      'STORNIERT',
    );
  });
});

describe('display name', () => {
  it('is the company for Firma', () => {
    expect(
      displayName({
        anrede: 'Firma',
        firma: 'Muster Bäckerei GmbH',
        titel: null,
        vorname: 'X',
        nachname: 'Y',
      }),
    ).toBe('Muster Bäckerei GmbH');
  });
  it('joins title, first and last name, trimmed', () => {
    expect(
      displayName({
        anrede: 'Herr',
        firma: null,
        titel: ' Dr. ',
        vorname: 'Max',
        nachname: 'Mustermann',
      }),
    ).toBe('Dr. Max Mustermann');
    expect(
      displayName({ anrede: 'Frau', firma: null, titel: null, vorname: '', nachname: 'Muster' }),
    ).toBe('Muster');
  });
  it('maps the text "keine Anrede" to KeineAnrede', () => {
    expect(AnredeInputSchema.parse('keine Anrede')).toBe('KeineAnrede');
  });
});

describe('gross or net prices (spec §6)', () => {
  it('is gross for all-inclusive gross, and dynamic for households', () => {
    expect(showsGrossPrices('ALLES_INKLUSIVE_BRUTTO', 'Sondervertragskunde')).toBe(true);
    expect(showsGrossPrices('DYNAMISCHER_PREIS', 'Haushaltskunde')).toBe(true);
    expect(showsGrossPrices('DYNAMISCHER_PREIS', 'Sondervertragskunde')).toBe(false);
    expect(showsGrossPrices('ALLES_INKLUSIVE_NETTO', 'Haushaltskunde')).toBe(false);
    expect(showsGrossPrices('REINER_ENERGIEPREIS', 'Haushaltskunde')).toBe(false);
  });
});

describe('holiday service entry', () => {
  it('counts as a holiday when any state flag is "1"', () => {
    expect(
      isHolidayEntry({
        date: '2026-01-06',
        fname: 'Heilige Drei Könige',
        comment: '',
        by: '1',
        be: '0',
      }),
    ).toBe(true);
    expect(isHolidayEntry({ date: '2026-01-07', fname: 'x', comment: '1', by: '0' })).toBe(false);
  });
});
