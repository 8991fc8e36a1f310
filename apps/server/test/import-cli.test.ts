import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'kp-import-cli-'));

/** `npm run import` as the root script runs it, on a PGlite database of its own. */
async function runImport(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dir, 'data'), INIT_CWD: dir };
  delete env['DATABASE_URL'];
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/import-cli.ts', ...args],
      { cwd: serverDir, env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('npm run import', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports an NDJSON file, names what it refused, and finds the records unchanged the second time', async () => {
    const records = [
      ...Array.from({ length: 1000 }, (_, index) => ({
        kundennummer: String(40_000 + index),
        anrede: 'Herr',
        vorname: 'Karl',
        nachname: `Kunde ${index}`,
      })),
      { kundennummer: '49999', anrede: 'Herr', vorname: 'Karl' },
    ];
    writeFileSync(
      join(dir, 'kunden.ndjson'),
      records.map((record) => JSON.stringify(record)).join('\n'),
    );
    const first = await runImport('geschaeftspartner', 'kunden.ndjson');
    expect(first.code, first.stderr).toBe(2);
    expect(first.stderr).toContain('… 1.000 Datensätze verarbeitet (geschaeftspartner)');
    expect(first.stdout).toContain(
      'Angelegt: 1.000, aktualisiert: 0, unverändert: 0, abgelehnt: 1\n' +
        '  Datensatz 1000 (49999), Feld „nachname“: Bitte geben Sie den Nachnamen an.',
    );
    writeFileSync(join(dir, 'kunden.json'), JSON.stringify(records.slice(0, 2)));
    const again = await runImport('geschaeftspartner', 'kunden.json');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Angelegt: 0, aktualisiert: 0, unverändert: 2, abgelehnt: 0');
  }, 180_000);

  it('imports a day of exchange prices from an EDM CSV, replaces it when sent again, and refuses a bad row', async () => {
    const hours = Array.from({ length: 24 }, (_, hour) => {
      const time = `2025-01-15T${String(hour).padStart(2, '0')}:00:00+01:00`;
      return `${time};${(80 + hour).toString()},50`;
    });
    writeFileSync(join(dir, 'preise.csv'), ['Zeitstempel;Wert', ...hours].join('\r\n'));
    const first = await runImport('preise', 'preise.csv');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Zeilen: 24 (Stunden)');
    expect(first.stdout).toContain('Gespeichert: 24, neu: 24, ersetzt: 0, entfernt: 0');
    const again = await runImport('preise', 'preise.csv');
    expect(again.stdout).toContain('Gespeichert: 24, neu: 0, ersetzt: 24, entfernt: 0');

    writeFileSync(
      join(dir, 'falsch.csv'),
      ['Zeitstempel;Wert', hours[0], '2025-01-15T01:00:00+01:00;viel'].join('\r\n'),
    );
    const refused = await runImport('preise', 'falsch.csv');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Zeile 3');
    expect(refused.stderr).toContain('nichts wurde gespeichert');
  }, 180_000);

  it('names the kinds when the kind is unknown', async () => {
    const wrong = await runImport('kunden', 'kunden.json');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Arten: geschaeftspartner, vertraege, preisblaetter');
    expect(wrong.stderr).toContain('npm run import -- energiemengen <datei> <vertragsnummer>');
  });
});
