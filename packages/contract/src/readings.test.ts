import { describe, expect, it } from 'vitest';
import {
  METER_REQUIRED_MESSAGE,
  READING_DATE_REQUIRED_MESSAGE,
  READING_DECIMAL_POINT_MESSAGE,
  READING_VALUE_REQUIRED_MESSAGE,
  readingDateBounds,
  readingDateProblem,
  readingFormSchema,
  readingNumberProblem,
  readingValueMessage,
  readingValueSchema,
} from './reading-rules';
import {
  CreateReadingInputSchema,
  duplicateReadingMessage,
  FUTURE_READING_DATE_MESSAGE,
  missingChannelMessage,
  NO_DELIVERY_YET_MESSAGE,
  readingAfterDeliveryMessage,
  readingBeforeDeliveryMessage,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TOO_MANY_PIXELS_MESSAGE,
  photoTypeOf,
  plausibilityQuery,
  readingPlaceholder,
  unknownChannelMessage,
  type Channel,
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

const gas: Channel = { obiskennzahl: '7-1:3.0.0', vorkommastellen: 5, nachkommastellen: 3 };
const problemOf = (kanal: Channel, text: string) =>
  readingValueSchema(kanal)
    .safeParse(text)
    .error?.issues.map((issue) => issue.message);

describe("one channel's value (spec §5)", () => {
  it.each([
    ['123456', 123456],
    ['12345,6', 12345.6],
    [' 27000,5 ', 27000.5],
    ['0', 0],
  ])('reads %j as %d', (text, number) => {
    expect(readingValueSchema(dayNight.kanaele[0]!).parse(text)).toBe(number);
  });

  it.each([
    ['1234567', 6, 1],
    ['12345,67', 6, 1],
    ['1,', 6, 2],
    [',5', 6, 2],
    ['42,0', 5, 0],
    ['-1', 6, 1],
    ['1 234', 6, 1],
    ['1e3', 6, 1],
  ])('refuses %j with %d digits and %d decimals, naming the limits', (text, before, after) => {
    const kanal = { obiskennzahl: 'x', vorkommastellen: before, nachkommastellen: after };
    expect(problemOf(kanal, text)).toEqual([readingValueMessage(before, after)]);
  });

  it('allows as many decimals as the channel has', () => {
    expect(readingValueSchema({ ...gas, nachkommastellen: 2 }).parse('12345,67')).toBe(12345.67);
    expect(readingValueSchema({ ...gas, nachkommastellen: 0 }).parse('42')).toBe(42);
  });

  it.each(['5.300', '5.3', '16.150,5', '5300.', '.5'])(
    'refuses the point in %j instead of reading "5.300" as 5,3',
    (text) => {
      // 5 digits and 3 decimals: "5,300" would be valid, so only the point itself is refused.
      expect(problemOf(gas, text)).toEqual([READING_DECIMAL_POINT_MESSAGE]);
    },
  );

  it('asks for an empty value', () => {
    expect(problemOf(gas, '  ')).toEqual([READING_VALUE_REQUIRED_MESSAGE]);
  });

  it('says the limits in its message', () => {
    expect(readingValueMessage(6, 1)).toBe(
      'Die Ablesung darf höchstens 6 Vorkommastellen und darf maximal 1 Nachkommastelle(n) haben.',
    );
  });

  it('checks a number the API received as the customer would have typed it', () => {
    expect(readingNumberProblem(5.3, gas)).toBeUndefined();
    expect(readingNumberProblem(16500.55, dayNight.kanaele[0]!)).toBe(readingValueMessage(6, 1));
    expect(readingNumberProblem(1234567, dayNight.kanaele[0]!)).toBe(readingValueMessage(6, 1));
    expect(readingNumberProblem(1e21, dayNight.kanaele[0]!)).toBe(readingValueMessage(6, 1));
  });
});

describe('the reading date (spec §5, §7.3)', () => {
  const days = { today, lieferbeginn: '2024-03-01', lieferende: null };

  it('allows today and the days of the delivery', () => {
    expect(readingDateProblem(today, days)).toBeUndefined();
    expect(readingDateProblem('2024-03-01', days)).toBeUndefined();
  });

  it.each([
    ['2026-11-23', days, FUTURE_READING_DATE_MESSAGE],
    ['2024-02-29', days, readingBeforeDeliveryMessage('2024-03-01')],
    [
      '2026-05-01',
      { ...days, lieferende: '2026-04-30' },
      readingAfterDeliveryMessage('2026-04-30'),
    ],
    ['2026-05-01', { ...days, lieferbeginn: null }, NO_DELIVERY_YET_MESSAGE],
  ])('refuses %s', (day, bounds, message) => {
    expect(readingDateProblem(day, bounds)).toBe(message);
  });

  it('bounds the date picker by the delivery and today', () => {
    expect(readingDateBounds(days)).toEqual({ min: '2024-03-01', max: today });
    expect(readingDateBounds({ ...days, lieferende: '2026-04-30' })).toEqual({
      min: '2024-03-01',
      max: '2026-04-30',
    });
    expect(readingDateBounds({ today, lieferbeginn: null, lieferende: '2027-01-01' })).toEqual({
      min: undefined,
      max: today,
    });
  });
});

describe('the reading form (spec §5)', () => {
  const target = { meter: dayNight, lieferbeginn: '2025-05-01', lieferende: null };
  const valid = {
    zaehlernummer: dayNight.nummer,
    ablesedatum: today,
    ablesewerte: ['27000,5', '11500'],
  };
  const messagesAt = (values: unknown, on: typeof target | undefined = target) =>
    readingFormSchema(today, on)
      .safeParse(values)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('answers the payload of the call, each value under its channel code', () => {
    expect(readingFormSchema(today, target).parse(valid)).toEqual({
      zaehlernummer: dayNight.nummer,
      ablesedatum: today,
      ablesewerte: { '1-1:1.8.1': 27000.5, '1-1:1.8.2': 11500 },
    });
    const withPhoto = readingFormSchema(today, target).parse({ ...valid, foto: 'iVBORw0K' });
    expect(CreateReadingInputSchema.parse(withPhoto)).toEqual(withPhoto);
    expect(withPhoto.foto).toBe('iVBORw0K');
  });

  it('puts each refusal at the field it concerns', () => {
    expect(messagesAt({ ...valid, ablesewerte: ['5.300', ''] })).toEqual([
      ['ablesewerte.0', READING_DECIMAL_POINT_MESSAGE],
      ['ablesewerte.1', READING_VALUE_REQUIRED_MESSAGE],
    ]);
    expect(messagesAt({ ...valid, ablesedatum: '2026-11-23' })).toEqual([
      ['ablesedatum', FUTURE_READING_DATE_MESSAGE],
    ]);
    expect(messagesAt({ ...valid, ablesedatum: '' })).toEqual([
      ['ablesedatum', READING_DATE_REQUIRED_MESSAGE],
    ]);
    expect(messagesAt({ ...valid, ablesedatum: '2025-04-30' })).toEqual([
      ['ablesedatum', readingBeforeDeliveryMessage('2025-05-01')],
    ]);
  });

  it('asks for a meter before anything else can be sent', () => {
    const schema = readingFormSchema(today, undefined);
    const result = schema.safeParse({ zaehlernummer: '', ablesedatum: today, ablesewerte: [] });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['zaehlernummer', METER_REQUIRED_MESSAGE],
    ]);
  });
});

describe('photos by their bytes', () => {
  it('say their limits, built from the constants', () => {
    expect(PHOTO_TOO_LARGE_MESSAGE).toBe('Das Foto darf höchstens 10 MB groß sein.');
    expect(PHOTO_TOO_MANY_PIXELS_MESSAGE).toBe('Das Foto darf höchstens 50 Megapixel haben.');
  });

  it('knows PNG and JPEG by their magic numbers, whatever the name says', () => {
    expect(photoTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(photoTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
  });

  it('knows a file of nothing but the magic number', () => {
    expect(photoTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      'image/png',
    );
    expect(photoTypeOf(Uint8Array.from([0xff, 0xd8, 0xff]))).toBe('image/jpeg');
  });

  it.each([
    ['text', [0x44, 0x61, 0x73]],
    ['a GIF', [0x47, 0x49, 0x46, 0x38]],
    ['a PDF', [0x25, 0x50, 0x44, 0x46]],
    ['a cut-off PNG header', [0x89, 0x50, 0x4e]],
    ['a PNG header with one wrong byte', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00, 0]],
    ['a PNG header with only its first byte', [0x89, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['a cut-off JPEG header', [0xff, 0xd8]],
    ['a JPEG header without its first byte', [0x00, 0xd8, 0xff, 0xe0]],
    ['a JPEG header without its second byte', [0xff, 0x00, 0xff, 0xe0]],
    ['a JPEG header without its third byte', [0xff, 0xd8, 0x00, 0xe0]],
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

  it.each([
    ['without its padding', 'iVBORw0KGgo'],
    ['as a data URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['broken into MIME lines', 'iVBORw0K\nGgo='],
    ['in the URL-safe alphabet', 'iVBO_w0KGgo='],
  ])('refuses a photo %s: only padded base64 is read', (_, foto) => {
    const result = CreateReadingInputSchema.safeParse({
      ablesedatum: today,
      zaehlernummer: 'X',
      ablesewerte: { a: 1 },
      foto,
    });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['foto'], 'Das Foto muss als Base64-Text übertragen werden.'],
    ]);
  });

  it('names the channel, the meter and the day in the server’s refusals', () => {
    expect(unknownChannelMessage('1-1:1.8.3')).toBe(
      'Der Zähler hat kein Zählwerk mit der Kennzahl 1-1:1.8.3.',
    );
    expect(missingChannelMessage('1-1:1.8.2')).toBe(
      'Bitte geben Sie den Zählerstand für 1-1:1.8.2 an.',
    );
    expect(duplicateReadingMessage('1APX5523001', '2026-11-20')).toBe(
      'Für den Zähler 1APX5523001 liegt zum 20.11.2026 bereits eine Ablesung vor.',
    );
  });
});
