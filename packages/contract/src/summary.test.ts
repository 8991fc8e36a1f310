import { describe, expect, it } from 'vitest';
import { summaryStatusText, tariffChangeText, type SummaryTariff } from './summary';

const tariff = (overrides: Partial<SummaryTariff>): SummaryTariff => ({
  name: 'Musterstrom Dynamisch',
  tariftyp: 'DYNAMISCHER_PREIS',
  istDynamisch: true,
  brutto: true,
  arbeitspreis: null,
  grundpreis: 183.5,
  gueltigVon: '2025-01-01',
  gueltigBis: '2026-11-30',
  ...overrides,
});

describe('tariffChangeText', () => {
  it('names the new base price beside the old one', () => {
    const next = tariff({ grundpreis: 189.21, gueltigVon: '2026-12-01', gueltigBis: null });
    expect(tariffChangeText(tariff({}), next)).toBe(
      'Ab 01.12.2026: 189,21\u00a0€/Jahr statt 183,50\u00a0€/Jahr',
    );
  });

  it('names a new tariff and both changed prices', () => {
    const current = tariff({ name: 'Fix', arbeitspreis: 0.3412, grundpreis: 142.8 });
    const next = tariff({
      name: 'Fix 2',
      arbeitspreis: 0.35,
      grundpreis: 142.8,
      gueltigVon: '2027-01-01',
    });
    expect(tariffChangeText(current, next)).toBe(
      'Ab 01.01.2027: Fix 2, 35,00\u00a0ct/kWh statt 34,12\u00a0ct/kWh',
    );
  });

  it('says when the prices stay and there is no current tariff', () => {
    expect(tariffChangeText(null, tariff({ grundpreis: null, gueltigVon: null }))).toBe(
      'Demnächst: Musterstrom Dynamisch, gleiche Preise',
    );
  });

  it('names both prices of the same tariff, the working price first', () => {
    const current = tariff({ name: 'Fix', arbeitspreis: 0.3412, grundpreis: 142.8 });
    const next = tariff({
      name: 'Fix',
      arbeitspreis: 0.35,
      grundpreis: 150,
      gueltigVon: '2027-01-01',
    });
    expect(tariffChangeText(current, next)).toBe(
      'Ab 01.01.2027: 35,00\u00a0ct/kWh statt 34,12\u00a0ct/kWh, 150,00\u00a0€/Jahr statt 142,80\u00a0€/Jahr',
    );
  });

  it('names a price alone where the running tariff has none to compare', () => {
    const current = tariff({ name: 'Fix', arbeitspreis: null, grundpreis: null });
    const next = tariff({
      name: 'Fix',
      arbeitspreis: 0.35,
      grundpreis: 150,
      gueltigVon: '2027-01-01',
    });
    expect(tariffChangeText(current, next)).toBe(
      'Ab 01.01.2027: 35,00\u00a0ct/kWh, 150,00\u00a0€/Jahr',
    );
  });

  it('says "gleiche Preise" for the same tariff again, without repeating its name', () => {
    expect(tariffChangeText(tariff({}), tariff({ gueltigVon: '2027-01-01' }))).toBe(
      'Ab 01.01.2027: gleiche Preise',
    );
  });
});

describe('summaryStatusText', () => {
  it('says nothing of an active contract', () => {
    expect(summaryStatusText({ status: 'AKTIV', gekuendigtZum: null })).toBeNull();
  });

  it('names the day a cancelled contract ends', () => {
    expect(summaryStatusText({ status: 'GEKUENDIGT', gekuendigtZum: '2026-12-31' })).toBe(
      'Gekündigt zum 31.12.2026',
    );
  });

  it('names the day an ordered contract begins', () => {
    expect(
      summaryStatusText({
        status: 'BEAUFTRAGT',
        gekuendigtZum: null,
        lieferbeginnAb: '2027-01-01',
      }),
    ).toBe('Beauftragt, Lieferbeginn am 01.01.2027');
    expect(
      summaryStatusText({ status: 'BEAUFTRAGT', gekuendigtZum: null, lieferbeginnAb: null }),
    ).toBe('Beauftragt');
  });

  it('says only "Gekündigt" where no end is known, and any other status by its label', () => {
    expect(summaryStatusText({ status: 'GEKUENDIGT', gekuendigtZum: null })).toBe('Gekündigt');
    expect(summaryStatusText({ status: 'BEENDET', gekuendigtZum: null })).toBe('Beendet');
  });
});
