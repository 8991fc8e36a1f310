import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/** The project's own compiler, as `npm run typecheck` runs it. */
const TSC = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));

/**
 * One call of each area of the customers' API, written as an integrator would against the
 * types openapi-typescript generates from /api/openapi.json: by operationId, with the
 * components' names. It compiles only while every operation keeps its id and its shape.
 */
const CALLS = `
import type { components, operations } from './api';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
declare function answer<K extends keyof operations, S extends keyof operations[K]['responses']>(
  operation: K,
  status: S,
): Json<operations[K]['responses'][S]>;
declare function send<K extends keyof operations>(
  operation: K,
  body: Json<NonNullable<operations[K]['requestBody']>>,
): void;

// Portal
const mandant = answer('mandantLesen', 200);
export const mandantName: string = mandant.name;
// Anmeldung
const session: components['schemas']['Sitzung'] = answer('anmelden', 200);
export const kundennummer: string = session.kundennummer;
// Kundendaten
const kunde: components['schemas']['Kunde'] = answer('kundeLesen', 200);
export const vertraege: number[] = kunde.vertraege;
// Kontakt
send('kontaktanfrageSenden', {
  betreff: 'FRAGE_ZUR_ABRECHNUNG',
  text: 'Bitte senden Sie mir die Abrechnung erneut zu.',
});
export const anfrageNr: number = answer('kontaktanfrageSenden', 201).anfrageNr;
// Rechnungsadressen
const adresse: components['schemas']['Rechnungsadresse'] = answer(
  'aktuelleRechnungsadresseLesen',
  200,
);
export const ort: string = adresse.ort;
// Bankverbindungen
const bank: components['schemas']['Bankverbindung'] = answer('aktuelleBankverbindungLesen', 200);
export const iban: string = bank.iban;
// Dokumente
export const dateinamen: string[] = answer('dokumenteLesen', 200).map((d) => d.dateiname);
// Verträge
const vertrag: components['schemas']['Vertrag'] = answer('vertragLesen', 200);
export const vertragId: number = vertrag.id;
// Ablesungen
send('ablesungErfassen', {
  ablesedatum: '2026-12-01',
  zaehlernummer: '1ESY1160000001',
  ablesewerte: { '1-1:1.8.0': 12345 },
});
// Verbrauch und Preise
const preise: components['schemas']['Preiszeitreihe'] = answer('preiszeitreiheLesen', 200);
export const von: string[] = preise.preise.map((p) => p.von);
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    skipLibCheck: false,
    types: [],
  },
  files: ['api.ts', 'calls.ts'],
};

describe('a client generated from the customers’ API document', () => {
  let server: TestServer;
  let document: Record<string, unknown>;
  const dirs: string[] = [];

  /** Generates the types into a directory of their own and type-checks the calls against them. */
  const typeCheck = async (source: Record<string, unknown>) => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(source));
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(JSON.stringify(source))));
    writeFileSync(join(dir, 'calls.ts'), CALLS);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const tsc = spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    return { status: tsc.status, output: `${tsc.stdout}${tsc.stderr}` };
  };

  beforeAll(async () => {
    server = await startTestServer('pglite');
    const answer = await server.app.inject({ url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    document = answer.json();
  }, 120_000);
  afterAll(async () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await server?.close();
  });

  it('type-checks a call of each area by operationId and component name', async () => {
    const checked = await typeCheck(document);
    expect(checked.output).toBe('');
    expect(checked.status).toBe(0);
  }, 60_000);

  it('fails to type-check once an operation’s shape changes', async () => {
    const changed = structuredClone(document) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const contract = changed.components.schemas['Vertrag']!;
    const { id, ...others } = contract.properties;
    contract.properties = { ...others, vertragsnummer: id };
    const checked = await typeCheck(changed);
    expect(checked.status).not.toBe(0);
    expect(checked.output).toMatch(/calls\.ts.*Property 'id' does not exist/);
  }, 60_000);
});
