import { describe, expect, it } from 'vitest';
import { deliveryDates, deriveContractStatus, endedOn, versorgungsartLabel } from './contracts';
import { displayName, AnredeInputSchema } from './customer';
import { classifyTariffs, lastTariff, showsGrossPrices, type Tariff } from './tariffs';
import { HolidaySchema, isHolidayEntry } from './holidays';

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
  it('trims the company, and is empty for Firma without one', () => {
    const firma = { anrede: 'Firma', titel: null, vorname: 'Max', nachname: 'Mustermann' };
    expect(displayName({ ...firma, firma: ' Muster Bäckerei GmbH ' })).toBe('Muster Bäckerei GmbH');
    expect(displayName({ ...firma, firma: null })).toBe('');
  });
  it('leaves out a part that is only blanks', () => {
    expect(
      displayName({ anrede: 'Herr', firma: null, titel: '  ', vorname: 'Max', nachname: 'Muster' }),
    ).toBe('Max Muster');
  });
  it('maps the text "keine Anrede" to KeineAnrede, and keeps every other salutation', () => {
    expect(AnredeInputSchema.parse('keine Anrede')).toBe('KeineAnrede');
    expect(AnredeInputSchema.parse('Frau')).toBe('Frau');
    expect(AnredeInputSchema.safeParse('Divers').success).toBe(false);
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

describe('tariff history (spec §4.3)', () => {
  const tariff = (name: string, gueltigVon: string | null, gueltigBis: string | null): Tariff => ({
    name,
    tariftyp: 'ALLES_INKLUSIVE_BRUTTO',
    arbeitspreis: 0.3,
    grundpreis: 120,
    arbeitspreisNT: null,
    anteilNt: null,
    preisgarantietyp: null,
    istDynamisch: false,
    durchschnittlicherArbeitspreisVormonat: null,
    durchschnittlicherArbeitspreisGesamt: null,
    gueltigVon,
    gueltigBis,
  });
  const history = [
    tariff('alt', null, '2024-12-31'),
    tariff('älter', '2022-01-01', '2022-12-31'),
    tariff('aktuell', '2025-01-01', '2026-11-30'),
    tariff('bald', '2026-12-01', '2027-05-31'),
    tariff('später', '2027-06-01', null),
  ];

  it('splits into current, future and previous, newest first', () => {
    const { current, future, previous } = classifyTariffs(history, '2021-06-01', '2026-11-22');
    expect(current?.name).toBe('aktuell');
    expect(future.map((t) => t.name)).toEqual(['später', 'bald']);
    expect(previous.map((t) => t.name)).toEqual(['alt', 'älter']);
  });

  it('keeps a tariff current through its last day', () => {
    expect(classifyTariffs(history, '2021-06-01', '2026-11-30').current?.name).toBe('aktuell');
    expect(classifyTariffs(history, '2021-06-01', '2026-12-01').current?.name).toBe('bald');
  });

  it('orders any number of future and previous tariffs, whatever order they come in', () => {
    const { future, previous } = classifyTariffs(
      [
        tariff('2023', '2023-01-01', '2023-12-31'),
        tariff('2028', '2028-01-01', null),
        tariff('2021', '2021-01-01', '2021-12-31'),
        tariff('2027', '2027-01-01', '2027-12-31'),
        tariff('2024', '2024-01-01', '2024-12-31'),
        tariff('2029', '2029-01-01', null),
      ],
      '2021-01-01',
      '2026-11-22',
    );
    expect(future.map((t) => t.name)).toEqual(['2029', '2028', '2027']);
    expect(previous.map((t) => t.name)).toEqual(['2024', '2023', '2021']);
  });

  it('keeps a tariff without any start apart, even one that has ended', () => {
    const classified = classifyTariffs(
      [tariff('ohne Beginn', null, '2024-12-31'), tariff('älter', '2022-01-01', '2022-12-31')],
      null,
      '2026-11-22',
    );
    expect(classified.undated.map((t) => t.name)).toEqual(['ohne Beginn']);
    expect(classified.previous.map((t) => t.name)).toEqual(['älter']);
  });

  it('takes the delivery start for a missing start, and keeps no start at all apart', () => {
    const open = [tariff('offen', null, null)];
    expect(classifyTariffs(open, '2025-01-01', '2026-11-22').current?.name).toBe('offen');
    const undated = classifyTariffs(open, null, '2026-11-22');
    expect(undated.undated.map((t) => t.name)).toEqual(['offen']);
    expect([undated.current, undated.future, undated.previous]).toEqual([undefined, [], []]);
  });
});

describe('an ended contract', () => {
  it('has ended once its last day of supply is past, not on that day', () => {
    expect(endedOn({ lieferende: '2022-04-30' }, '2026-12-07')).toBe('2022-04-30');
    expect(endedOn({ lieferende: '2022-04-30' }, '2022-05-01')).toBe('2022-04-30');
    expect(endedOn({ lieferende: '2022-04-30' }, '2022-04-30')).toBeNull();
    expect(endedOn({ lieferende: null }, '2026-12-07')).toBeNull();
  });

  it('shows the tariff of its last day as its last, else the one that ended last', () => {
    const tariff = (name: string, gueltigVon: string | null, gueltigBis: string | null) =>
      ({ name, gueltigVon, gueltigBis }) as Tariff;
    const history = [
      tariff('Basis', '2019-02-01', '2021-12-31'),
      tariff('Basis 2', '2022-01-01', '2022-04-30'),
    ];
    expect(lastTariff(history, '2019-02-01', '2022-04-30')?.name).toBe('Basis 2');
    expect(lastTariff(history.slice(0, 1), '2019-02-01', '2022-04-30')?.name).toBe('Basis');
    expect(lastTariff([], '2019-02-01', '2022-04-30')).toBeUndefined();
  });
});

describe('delivery dates', () => {
  const contract = {
    status: 'AKTIV' as const,
    lieferbeginn: null,
    gewuenschterLieferbeginn: null,
    lieferende: null,
    gewuenschtesLieferende: null,
  };
  const labelled = (dates: { label: string; date: string | null }[]) =>
    dates.map(({ label, date }) => `${label} ${date ?? '–'}`);

  it('labels desired dates as desired', () => {
    expect(
      labelled(
        deliveryDates({
          ...contract,
          status: 'BEAUFTRAGT',
          gewuenschterLieferbeginn: '2027-01-01',
        }),
      ),
    ).toEqual(['Gewünschter Lieferbeginn 2027-01-01']);
    expect(
      labelled(
        deliveryDates({
          ...contract,
          status: 'GEKUENDIGT',
          lieferbeginn: '2020-01-01',
          gewuenschtesLieferende: '2027-03-31',
        }),
      ),
    ).toEqual(['Lieferbeginn 2020-01-01', 'Gewünschtes Lieferende 2027-03-31']);
  });

  it('says a voided contract was never delivered, whatever start was wished', () => {
    expect(
      labelled(
        deliveryDates({ ...contract, status: 'STORNIERT', gewuenschterLieferbeginn: '2027-01-01' }),
      ),
    ).toEqual(['Nie beliefert –']);
  });

  it('prefers the agreed dates and says when the start is still open', () => {
    expect(
      labelled(
        deliveryDates({
          ...contract,
          status: 'BEENDET',
          lieferbeginn: '2019-01-01',
          gewuenschterLieferbeginn: '2018-12-01',
          lieferende: '2024-12-31',
          gewuenschtesLieferende: '2024-12-15',
        }),
      ),
    ).toEqual(['Lieferbeginn 2019-01-01', 'Lieferende 2024-12-31']);
    expect(labelled(deliveryDates({ ...contract, status: 'BEAUFTRAGT' }))).toEqual([
      'Lieferbeginn noch offen –',
    ]);
  });
});

describe('supply type', () => {
  it('shows STROM and GAS by name and anything else as not found', () => {
    expect(versorgungsartLabel('STROM')).toBe('Strom');
    expect(versorgungsartLabel('GAS')).toBe('Gas');
    expect(versorgungsartLabel('WAERME')).toBe('Versorgungsart nicht gefunden');
    expect(versorgungsartLabel(null)).toBe('Versorgungsart nicht gefunden');
  });
});

describe('holiday entries of a third-party service', () => {
  it('keep flags we do not know, and count them', () => {
    const entry = HolidaySchema.parse({
      date: '2026-08-08',
      fname: 'Augsburger Friedensfest',
      comment: null,
      by: '0',
      augsburg: '1',
    });
    expect(entry).toHaveProperty('augsburg', '1');
    expect(isHolidayEntry(entry)).toBe(true);
  });
});
