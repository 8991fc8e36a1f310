import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOperatorKeys, readDatabaseEnv, readEnv } from './config';

const POSTGRES = 'postgres://portal@db.example.de:5432/portal';

describe('readEnv', () => {
  it('creates demo data on the embedded default only, or when DEMO_DATA asks for it', () => {
    expect(readEnv({}).demoData).toBe(true);
    expect(readEnv({ DATABASE_URL: POSTGRES }).demoData).toBe(false);
    expect(readEnv({ DATABASE_URL: POSTGRES, DEMO_DATA: '1' }).demoData).toBe(true);
    expect(readEnv({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(() => readEnv({ DEMO_DATA: 'ja' })).toThrow(/DEMO_DATA/);
  });

  it('ships a sliding session lifetime of 1800 seconds (README "Configuration")', () => {
    expect(readEnv({}).config.sessionTtlSeconds).toBe(1800);
    expect(readEnv({ SESSION_TTL_SECONDS: '600' }).config.sessionTtlSeconds).toBe(600);
    expect(() => readEnv({ SESSION_TTL_SECONDS: '0' })).toThrow(/SESSION_TTL_SECONDS/);
  });

  it('ends sessions 12 hours after login unless SESSION_MAX_HOURS says otherwise', () => {
    expect(readEnv({}).config.sessionMaxLifetimeSeconds).toBe(12 * 3600);
    expect(readEnv({ SESSION_MAX_HOURS: '8' }).config.sessionMaxLifetimeSeconds).toBe(8 * 3600);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true: every client could name its own address', () => {
    expect(() => readEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true ist nicht erlaubt/);
  });

  it('takes a hop count, or proxy addresses and CIDRs', () => {
    expect(readEnv({}).config.trustProxy).toBe(false);
    expect(readEnv({ TRUST_PROXY: '1' }).config.trustProxy).toBe(1);
    expect(readEnv({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1' }).config.trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '::1',
    ]);
    expect(() => readEnv({ TRUST_PROXY: 'proxy.example.de' })).toThrow(/proxy\.example\.de/);
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/10\.0\.0\.0\/33/);
  });
});

describe('the operator interface (BETRIEB_*)', () => {
  const HASH = 'a'.repeat(64);
  const OTHER = 'B'.repeat(64);

  it('has no operator listener without BETRIEB_PORT, and binds to 127.0.0.1 unless told', () => {
    expect(readEnv({}).operator).toBeUndefined();
    const operator = readEnv({
      BETRIEB_PORT: '8141',
      BETRIEB_KEYS: `abrechnung:${HASH}`,
    }).operator!;
    expect(operator).toMatchObject({ port: 8141, host: '127.0.0.1' });
    expect(operator.keys).toEqual([
      {
        name: 'abrechnung',
        sha256: Buffer.from(HASH, 'hex'),
        scopes: new Set(['feed', 'import', 'metrics']),
      },
    ]);
    expect(
      readEnv({ BETRIEB_PORT: '8141', BETRIEB_HOST: '0.0.0.0', BETRIEB_KEYS: `a:${HASH}` }).operator
        ?.host,
    ).toBe('0.0.0.0');
  });

  it('reads keys from the variable or a file, with comments and blank lines', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-keys-'));
    const file = join(dir, 'keys');
    writeFileSync(file, `# Abrechnung\nabrechnung:${HASH}\n\nimport:${OTHER}  # der Import\n`);
    const operator = readEnv({ BETRIEB_PORT: '0', BETRIEB_KEYS_FILE: file }).operator!;
    expect(operator.keys.map((key) => key.name)).toEqual(['abrechnung', 'import']);
    expect(parseOperatorKeys(`a:${HASH}, b:${OTHER}`, 'BETRIEB_KEYS')).toHaveLength(2);
  });

  it('gives a key the scopes it names; one that names none gets all but the backup', () => {
    const [billing, backup, old] = parseOperatorKeys(
      `abrechnung:${HASH}:import+feed, sicherung:${OTHER}:backup\nalt:${'c'.repeat(64)}`,
      'BETRIEB_KEYS',
    );
    expect([...billing!.scopes]).toEqual(['import', 'feed']);
    expect([...backup!.scopes]).toEqual(['backup']);
    expect([...old!.scopes].sort()).toEqual(['feed', 'import', 'metrics']);
    const start = (keys: string) => () => readEnv({ BETRIEB_PORT: '8141', BETRIEB_KEYS: keys });
    expect(start(`a:${HASH}:import+alles`)).toThrow(
      /Eintrag 1 \(a\): unbekannter Bereich „alles“. Erlaubt sind feed, import, backup, metrics/,
    );
    expect(start(`a:${HASH}:`)).toThrow(/unbekannter Bereich/);
    expect(start(`a:${HASH}:feed:import`)).toThrow(/SHA-256/);
  });

  it('refuses to start with a malformed, repeated or missing key, naming the entry', () => {
    const start = (env: Record<string, string>) => () => readEnv({ BETRIEB_PORT: '8141', ...env });
    expect(start({})).toThrow(/kein Schlüssel/);
    expect(start({ BETRIEB_KEYS: 'abrechnung:geheim' })).toThrow(
      /BETRIEB_KEYS, Eintrag 1 \(abrechnung\): .*SHA-256/,
    );
    expect(start({ BETRIEB_KEYS: `a:${HASH},:${OTHER}` })).toThrow(/Eintrag 2: der Name/);
    expect(start({ BETRIEB_KEYS: `a:${HASH},a:${OTHER}` })).toThrow(/mehrfach/);
    expect(start({ BETRIEB_KEYS: `a:${HASH},b:${HASH.toUpperCase()}` })).toThrow(/schon/);
    expect(start({ BETRIEB_KEYS: `a:${HASH}`, BETRIEB_KEYS_FILE: '/nirgends' })).toThrow(
      /entweder/,
    );
    expect(start({ BETRIEB_KEYS_FILE: '/nirgends/keys' })).toThrow(/kann nicht gelesen werden/);
    expect(() => readEnv({ BETRIEB_KEYS: `a:${HASH}` })).toThrow(/BETRIEB_PORT/);
    expect(() => readEnv({ BETRIEB_PORT: 'x', BETRIEB_KEYS: `a:${HASH}` })).toThrow(/BETRIEB_PORT/);
  });
});

describe('scheduled backups (BACKUP_*)', () => {
  it('makes none without BACKUP_DIR, else every 24 hours keeping 7 unless told', () => {
    expect(readEnv({}).backupSchedule).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'kp-config-backup-'));
    expect(readEnv({ BACKUP_DIR: dir }).backupSchedule).toEqual({ dir, everyHours: 24, keep: 7 });
    expect(
      readEnv({ BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '0.5', BACKUP_KEEP: '3' }).backupSchedule,
    ).toEqual({ dir, everyHours: 0.5, keep: 3 });
    expect(() => readEnv({ BACKUP_DIR: dir, BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => readEnv({ BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '1000' })).toThrow(
      /BACKUP_EVERY_HOURS/,
    );
  });

  it('lets backup and restore run with the server variables, without the operator listener', () => {
    const env = { BETRIEB_PORT: '8081', DATABASE_URL: POSTGRES };
    expect(() => readEnv(env)).toThrow(/BETRIEB_PORT/);
    expect(readDatabaseEnv(env)).toMatchObject({ databaseUrl: POSTGRES, operator: undefined });
  });
});
