import { describe, expect, it } from 'vitest';
import { KundennummerSchema } from './auth';
import { isKundennummer } from './customer-number';
import {
  AblesungImportSchema,
  KUNDENNUMMER_MESSAGE,
  GeschaeftspartnerImportSchema,
  importRecordKey,
  importRefusalMessage,
  PreisblattImportSchema,
  VertragImportSchema,
  ZaehlerImportSchema,
} from './import';

const problems = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('the import records', () => {
  it('stores a field the record leaves out as none, and grants access unless told otherwise', () => {
    expect(
      GeschaeftspartnerImportSchema.parse({
        kundennummer: ' 20001 ',
        anrede: 'keine Anrede',
        titel: '',
      }),
    ).toEqual({
      kundennummer: '20001',
      anrede: 'KeineAnrede',
      titel: null,
      vorname: null,
      nachname: null,
      firma: null,
      geburtsdatum: null,
      email: null,
      festnetz: null,
      mobil: null,
      fax: null,
      portalzugang: 'AKTIV',
      zugangsstufe: 'voll',
    });
  });

  it('asks for the names a salutation needs, and a key of the supplier’s form', () => {
    expect(
      problems(GeschaeftspartnerImportSchema.safeParse({ kundennummer: 'a b', anrede: 'Firma' })),
    ).toEqual({
      kundennummer: KUNDENNUMMER_MESSAGE,
      firma: 'Bitte geben Sie die Firma an.',
    });
  });

  it('refuses customer numbers the login could never accept, by the login’s own rule', () => {
    for (const kundennummer of ['KW-10001', 'A1', '10001-2', '1'.repeat(21)]) {
      expect(isKundennummer(kundennummer)).toBe(false);
      expect(KundennummerSchema.safeParse(kundennummer).success).toBe(false);
      expect(
        problems(GeschaeftspartnerImportSchema.safeParse({ kundennummer, anrede: 'Herr' }))
          .kundennummer,
      ).toBe(KUNDENNUMMER_MESSAGE);
    }
    expect(
      problems(GeschaeftspartnerImportSchema.safeParse({ kundennummer: '10001', anrede: 'Herr' }))
        .kundennummer,
    ).toBeUndefined();
  });

  it('refuses a contract that ends before it begins and a number past an id', () => {
    const vertrag = {
      vertragsnummer: 2_147_483_648,
      kundennummer: '1',
      versorgungsart: 'GAS',
      kundenArt: 'Haushaltskunde',
      lieferbeginn: '2025-02-01',
      lieferende: '2025-01-31',
      lieferadresse: { strasse: 'Weg', hausnummer: '1', plz: '12345', ort: 'Ort' },
    };
    expect(problems(VertragImportSchema.safeParse(vertrag))).toEqual({
      vertragsnummer: 'Die Vertragsnummer muss eine ganze Zahl von 1 bis 2147483647 sein.',
      lieferende: 'Das Ende darf nicht vor dem Beginn liegen.',
    });
  });

  it('wants a markup for a dynamic tariff and a working price for any other', () => {
    const tarif = { name: 'T', gueltigVon: '2025-01-01' };
    expect(
      problems(
        PreisblattImportSchema.safeParse({
          vertragsnummer: 1,
          tarife: [
            { ...tarif, tariftyp: 'DYNAMISCHER_PREIS' },
            { ...tarif, tariftyp: 'REINER_ENERGIEPREIS' },
          ],
        }),
      ),
    ).toEqual({
      'tarife.0.aufschlag': 'Ein dynamischer Tarif braucht seinen Aufschlag.',
      'tarife.1.arbeitspreis': 'Bitte geben Sie den Arbeitspreis an.',
    });
  });

  it('takes each OBIS code once per meter and reading', () => {
    const kanal = { obiskennzahl: '1-1:1.8.0', vorkommastellen: 6, nachkommastellen: 1 };
    expect(
      problems(
        ZaehlerImportSchema.safeParse({
          zaehlernummer: 'Z',
          vertragsnummer: 1,
          kanaele: [kanal, kanal],
        }),
      ),
    ).toEqual({ kanaele: 'Jede OBIS-Kennzahl darf nur einmal vorkommen.' });
    const wert = { obiskennzahl: '1-0:1.8.1*255', ablesewert: 1 };
    expect(
      problems(
        AblesungImportSchema.safeParse({
          vertragsnummer: 1,
          zaehlernummer: 'Z',
          ablesedatum: '2025-01-01',
          ermittlungsart: 'ERSATZWERT',
          werte: [wert, wert],
        }),
      ),
    ).toEqual({ werte: 'Jede OBIS-Kennzahl darf nur einmal vorkommen.' });
  });

  it('names a refused record by its index and the key it was sent with', () => {
    expect(importRecordKey('zaehler', { vertragsnummer: 5000001, zaehlernummer: 'Z1' })).toBe(
      '5000001/Z1',
    );
    expect(importRecordKey('zaehler', { vertragsnummer: 5000001 })).toBeNull();
    expect(importRecordKey('vertraege', 'kein Objekt')).toBeNull();
    expect(importRefusalMessage(3, '5000001/Z1', 'kanaele', 'Falsch.')).toBe(
      'Datensatz 3 (5000001/Z1), Feld „kanaele“: Falsch.',
    );
    expect(importRefusalMessage(0, null, undefined, 'Falsch.')).toBe('Datensatz 0: Falsch.');
  });
});
