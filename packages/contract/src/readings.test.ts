import { describe, expect, it } from 'vitest';
import {
  canSubmitReading,
  CreateReadingInputSchema,
  photoTypeOf,
  plausibilityQuery,
  readingPlaceholder,
  type Meter,
} from './readings';

const dayNight: Meter = {
  nummer: '1APX5523001',
  kanaele: [
    { obiskennzahl: '1-1:1.8.1', vorkommastellen: 6, nachkommastellen: 1 },
    { obiskennzahl: '1-1:1.8.2', vorkommastellen: 6, nachkommastellen: 1 },
  ],
};
const today = '2026-11-22';

describe('the submit rule of a reading (spec §5)', () => {
  const valid = {
    meter: dayNight,
    werte: { '1-1:1.8.1': '27000,5', '1-1:1.8.2': '11500' },
    ablesedatum: today,
    today,
  };

  it('allows a chosen meter, valid values for every channel and a date up to today', () => {
    expect(canSubmitReading(valid)).toBe(true);
    expect(canSubmitReading({ ...valid, ablesedatum: '2026-01-01' })).toBe(true);
  });

  it.each([
    ['no meter', { meter: undefined }],
    ['a meter without channels', { meter: { nummer: 'X', kanaele: [] } }],
    ['a missing channel', { werte: { '1-1:1.8.1': '27000,5' } }],
    ['an empty channel', { werte: { '1-1:1.8.1': '27000,5', '1-1:1.8.2': '' } }],
    ['too many digits', { werte: { '1-1:1.8.1': '1234567', '1-1:1.8.2': '1' } }],
    ['too many decimals', { werte: { '1-1:1.8.1': '1,25', '1-1:1.8.2': '1' } }],
    ['a point instead of the comma', { werte: { '1-1:1.8.1': '1.5', '1-1:1.8.2': '1' } }],
    ['no date', { ablesedatum: '' }],
    ['a date in the future', { ablesedatum: '2026-11-23' }],
  ])('refuses %s', (_, change) => {
    expect(canSubmitReading({ ...valid, ...change })).toBe(false);
  });
});

describe('photos by their bytes', () => {
  it('knows PNG and JPEG by their magic numbers, whatever the name says', () => {
    expect(photoTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(photoTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
  });

  it.each([
    ['text', [0x44, 0x61, 0x73]],
    ['a GIF', [0x47, 0x49, 0x46, 0x38]],
    ['a PDF', [0x25, 0x50, 0x44, 0x46]],
    ['a cut-off PNG header', [0x89, 0x50, 0x4e]],
    ['nothing', []],
  ])('refuses %s', (_, bytes) => {
    expect(photoTypeOf(Uint8Array.from(bytes))).toBeNull();
  });
});

describe('reading helpers', () => {
  it('shows placeholder zeros for the digits a channel allows', () => {
    expect(readingPlaceholder(dayNight.kanaele[0]!)).toBe('000000,0');
    expect(
      readingPlaceholder({ obiskennzahl: '7-1:3.0.0', vorkommastellen: 5, nachkommastellen: 3 }),
    ).toBe('00000,000');
    expect(readingPlaceholder({ obiskennzahl: 'x', vorkommastellen: 4, nachkommastellen: 0 })).toBe(
      '0000',
    );
  });

  it('puts each channel of the proposed reading in its own query parameter', () => {
    expect(
      plausibilityQuery({
        ablesedatum: today,
        zaehlernummer: dayNight.nummer,
        ablesewerte: { '1-1:1.8.1': 27000.5, '1-1:1.8.2': 11500 },
      }),
    ).toEqual({
      ablesedatum: today,
      zaehlernummer: '1APX5523001',
      'ablesewerte.1-1:1.8.1': '27000.5',
      'ablesewerte.1-1:1.8.2': '11500',
    });
  });

  it('accepts a payload with a base64 photo and refuses a negative value in German', () => {
    expect(
      CreateReadingInputSchema.safeParse({
        ablesedatum: today,
        zaehlernummer: 'X',
        ablesewerte: { a: 1.5 },
        foto: 'iVBORw0KGgo=',
      }).success,
    ).toBe(true);
    const negative = CreateReadingInputSchema.safeParse({
      ablesedatum: today,
      zaehlernummer: 'X',
      ablesewerte: { a: -1 },
    });
    expect(negative.error?.issues[0]?.message).toBe('Der Zählerstand darf nicht negativ sein.');
  });
});
