import { describe, expect, it } from 'vitest';
import { readEnv } from './config';

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
