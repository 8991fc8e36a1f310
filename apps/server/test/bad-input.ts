import fc from 'fast-check';

/** fast-check's runs per call; FC_SEED replays a run that failed. */
export const propertyParameters = (numRuns: number): fc.Parameters<unknown> => ({
  numRuns,
  ...(process.env.FC_SEED !== undefined && { seed: Number(process.env.FC_SEED) }),
});

/** Stands for a field left out of the payload. */
const ABSENT = Symbol('absent');

/** Text a customer may well send, odd as it looks: combining and bidi marks, emoji, BOM. */
export const oddText = fc.constantFrom(
  'Mu\u0308ller',
  'e\u0301\u0301\u0301',
  '\u202Eredlam\u202C',
  '\u200F\u061C',
  '\u200B',
  '\uFEFF',
  '👩‍👩‍👧',
  'Z\u0334\u0321\u034Ea\u0337l\u0338g\u0335o',
);

/** What no text may hold: NUL, unpaired surrogates, control characters. */
const unusableCharacter = fc.constantFrom(
  '\u0000',
  '\uD800',
  '\uDBFF',
  '\uDFFF',
  '\u0007',
  '\u001B',
  '\u007F',
  '\u0085',
);

/** A text with at least one unusable character somewhere. */
export const textWithUnusable = (around: fc.Arbitrary<string>) =>
  fc
    .tuple(around, unusableCharacter, around)
    .map(([before, bad, after]) => `${before.slice(0, 20)}${bad}${after.slice(0, 20)}`);

/** Longer than any field takes, in characters and in UTF-16 units alike. */
export const hugeText = fc.constantFrom(
  'x'.repeat(100_001),
  'ä'.repeat(30_000),
  'e\u0301'.repeat(20_000),
  '👩‍👩‍👧'.repeat(10_000),
);

/** Values of any JSON type but a string. */
export const notAString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
);

/** Values of any JSON type but a number. */
export const notANumber = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

/** Not a day as YYYY-MM-DD, though some come close. */
export const malformedDate = fc.oneof(
  fc.constantFrom(
    '01.01.2030',
    '2030-1-1',
    '2030-13-01',
    '2030-02-30',
    '2029-02-29',
    '2030-00-10',
    '+02030-01-01',
    '2030-01-01T00:00:00Z',
    ' 2030-01-01',
    '2030-01-01\u0000',
    '\uFF12\uFF10\uFF13\uFF10-01-01',
    '',
  ),
  fc.string({ maxLength: 12 }).filter((text) => !/^\d{4}-\d{2}-\d{2}$/.test(text)),
  notAString,
);

export interface FieldSpec {
  valid: fc.Arbitrary<unknown>;
  broken: fc.Arbitrary<unknown>;
  /**
   * required: left out, the field breaks the payload; optional: it may be left out;
   * present: it is always sent (a photo in the calls with a photo).
   */
  presence: 'required' | 'optional' | 'present';
}

/** Keys the payload does not know, some of them the ones JSON parsers guard against. */
const extraKey = fc.oneof(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'kundeId', 'customerId'),
);

/**
 * Each field broken or valid, at least one broken. A filter, not a chain: shrinking keeps it, so
 * that a counterexample fast-check reports is still a broken payload.
 */
export function someBroken<T>(
  fields: Record<string, { valid: fc.Arbitrary<T>; broken: fc.Arbitrary<T> }>,
) {
  const names = Object.keys(fields);
  return fc
    .tuple(
      ...names.map((name) =>
        fc.oneof(
          fc.record({ broken: fc.constant(false), value: fields[name]!.valid }),
          fc.record({ broken: fc.constant(true), value: fields[name]!.broken }),
        ),
      ),
    )
    .filter((states) => states.some((state) => state.broken))
    .map((states) => names.map((name, index) => [name, states[index]!.value] as const));
}

/**
 * A payload with at least one field broken (a wrong value or type, or a required field left
 * out), the others valid, and perhaps fields it does not know. Never a valid payload.
 */
export function brokenRecord(fields: Record<string, FieldSpec>) {
  const names = Object.keys(fields);
  const withAbsence = Object.fromEntries(
    Object.entries(fields).map(([name, spec]) => [
      name,
      {
        valid:
          spec.presence === 'optional' ? fc.oneof(spec.valid, fc.constant(ABSENT)) : spec.valid,
        broken:
          spec.presence === 'required' ? fc.oneof(spec.broken, fc.constant(ABSENT)) : spec.broken,
      },
    ]),
  );
  return fc
    .tuple(
      someBroken(withAbsence),
      fc.uniqueArray(
        fc.tuple(
          extraKey.filter((key) => !names.includes(key)),
          fc.jsonValue({ maxDepth: 2 }),
        ),
        { maxLength: 3, selector: ([key]) => key },
      ),
    )
    .map(([entries, extras]) =>
      Object.fromEntries([...entries.filter(([, value]) => value !== ABSENT), ...extras]),
    );
}

export interface RawBody {
  payload: string;
  contentType?: string;
}

const DEEP = 100_000;
const deeplyNested = '['.repeat(DEEP) + ']'.repeat(DEEP);
/** Over the server's body limit of 15 MB. */
const oversized = JSON.stringify({ text: 'x'.repeat(16 * 1024 * 1024) });

/**
 * A body that is not a valid payload: a broken record as JSON, or one nested too deep, JSON of
 * another type, text that is not JSON, a valid payload sent as another type, or too much.
 */
export function badBody(valid: object, broken: fc.Arbitrary<Record<string, unknown>>) {
  const json = (payload: string): RawBody => ({ payload, contentType: 'application/json' });
  const validText = JSON.stringify(valid);
  return fc.oneof(
    { weight: 12, arbitrary: broken.map((record) => json(JSON.stringify(record))) },
    {
      weight: 1,
      arbitrary: broken.map((record) => {
        const text = JSON.stringify(record);
        return json(`${text.slice(0, -1)}${text === '{}' ? '' : ','}"tief":${deeplyNested}}`);
      }),
    },
    {
      weight: 1,
      arbitrary: broken.map((record) => json(`\uFEFF${JSON.stringify(record)}`)),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
          fc.string(),
          fc.double(),
          fc.boolean(),
          fc.constant(null),
          fc.constant([valid]),
        )
        .map((value) => json(JSON.stringify(value))),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          // every proper prefix of an object's text is not JSON
          fc.integer({ min: 1, max: validText.length - 1 }).map((end) => validText.slice(0, end)),
          fc.constantFrom(
            `${validText}}`,
            `${validText},`,
            validText.replaceAll('"', "'"),
            `/* Kommentar */${validText}`,
            '{"a": NaN}',
            '{"a": 1,}',
            '{"a": undefined}',
            `{"a": "${'\u0000'}"}`,
            '\u0000',
            ' ',
          ),
        )
        .map(json),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'text/json',
          'application/json-patch+json',
          'application/octet-stream',
        )
        .map((contentType): RawBody => ({ payload: validText, contentType })),
    },
    { weight: 1, arbitrary: fc.constant(json('')) },
    { weight: 1, arbitrary: fc.constant(json(oversized)) },
  );
}

/**
 * A header value as Node's HTTP parser lets it through: tab, printable ASCII and the bytes
 * 0x80–0xFF (each one ISO-8859-1 character).
 */
export const headerText = (constraints: { minLength?: number; maxLength?: number } = {}) =>
  fc.string({
    unit: fc.oneof(
      fc.constant('\t'),
      fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code)),
    ),
    ...constraints,
  });
