import { describe, expect, it } from 'vitest';
import { parseSession, parseSessionAnswer } from './session';

describe('the stored session', () => {
  const session = {
    token: 'abc',
    ablaufdatum: '2026-11-22T10:30:00+01:00',
    kundennummer: '10001',
  };

  it('reads a complete session, and the forced-change state with its empty token', () => {
    expect(parseSession(session)).toEqual(session);
    expect(parseSession({ ...session, token: '', extra: 1 })).toEqual({ ...session, token: '' });
    for (const ablaufdatum of [
      '2026-11-22T10:30Z',
      '2026-11-22T10:30:00.123Z',
      '2026-11-22T10:30:15-05:00',
    ])
      expect(parseSession({ ...session, ablaufdatum })).toEqual({ ...session, ablaufdatum });
  });

  it('answers undefined for anything else', () => {
    for (const value of [
      null,
      undefined,
      'abc',
      42,
      {},
      { ...session, token: 1 },
      { ...session, kundennummer: 10001 },
      { ...session, ablaufdatum: 1_800_000_000_000 },
      { ...session, ablaufdatum: '2026-11-22' },
      { ...session, ablaufdatum: '2026-11-22T10:30:00' },
      { ...session, ablaufdatum: 'x2026-11-22T10:30:00Z' },
      { ...session, ablaufdatum: '2026-11-22T10:30:00Zx' },
      { ...session, ablaufdatum: '2026-11-22T10:30:00.Z' },
      { ...session, ablaufdatum: '2026-11-22T10:30:00+0100' },
      { ...session, ablaufdatum: '2026-13-45T10:30:00Z' },
    ])
      expect(parseSession(value), JSON.stringify(value)).toBeUndefined();
  });
});

describe('the session answer', () => {
  it('reads the customer number, and nothing else', () => {
    expect(parseSessionAnswer({ kundennummer: '10001', token: 'x' })).toEqual({
      kundennummer: '10001',
    });
    for (const value of [null, 'x', {}, { kundennummer: 10001 }])
      expect(parseSessionAnswer(value)).toBeUndefined();
  });
});
