import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_DATE_REQUIRED_MESSAGE,
  CANCELLATION_REASON_REQUIRED_MESSAGE,
  cancellationInputSchema,
  cancellationTooEarlyMessage,
} from './contracts';
import { earliestCancellationDate } from './working-days';

const problems = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the cancellation (spec §5)', () => {
  // Tuesday 22.12.2026: 24.12., the Christmas holidays and the weekend are no working days.
  const holidays = new Set(['2026-12-25', '2026-12-26']);
  const earliest = earliestCancellationDate('2026-12-22', (day) => holidays.has(day));
  const schema = cancellationInputSchema(earliest);

  it('takes the second working day after today, and a text as given', () => {
    expect(earliest).toBe('2026-12-28');
    expect(schema.parse({ grund: 'AUSZUG', datum: earliest, text: ' Umzug ' })).toEqual({
      grund: 'AUSZUG',
      datum: earliest,
      text: 'Umzug',
    });
    expect(schema.parse({ grund: 'AUSZUG', datum: earliest, text: '  ' }).text).toBeUndefined();
  });

  it('refuses a day before the earliest, naming it', () => {
    expect(problems(schema.safeParse({ grund: 'AUSZUG', datum: '2026-12-23' }))).toEqual([
      ['datum', cancellationTooEarlyMessage('2026-12-28')],
    ]);
    expect(cancellationTooEarlyMessage('2026-12-28')).toBe(
      'Das Lieferende darf frühestens am 28.12.2026 liegen.',
    );
  });

  it('asks for a reason and a date', () => {
    expect(problems(schema.safeParse({ grund: '', datum: '' }))).toEqual([
      ['grund', CANCELLATION_REASON_REQUIRED_MESSAGE],
      ['datum', CANCELLATION_DATE_REQUIRED_MESSAGE],
      ['datum', cancellationTooEarlyMessage('2026-12-28')],
    ]);
  });

  it('without the earliest day checks the form of the date only', () => {
    expect(
      cancellationInputSchema().safeParse({ grund: 'AUSZUG', datum: '2020-01-01' }).success,
    ).toBe(true);
    const [[field, message] = []] = problems(
      cancellationInputSchema().safeParse({ grund: 'AUSZUG', datum: '01.01.2027' }),
    );
    expect(field).toBe('datum');
    expect(message).toMatch(/Datum/);
  });
});
