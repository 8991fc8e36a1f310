import { describe, expect, it, vi } from 'vitest';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';
import { applyServerErrors } from './apply-server-errors';

/** The two methods applyServerErrors uses, over plain values. */
function fakeForm<T extends FieldValues>(values: T) {
  const setError = vi.fn();
  const getValues = (name: string) =>
    name
      .split('.')
      .reduce<unknown>(
        (value, key) =>
          value !== null && typeof value === 'object'
            ? (value as Record<string, unknown>)[key]
            : undefined,
        values,
      );
  const form = { setError, getValues } as unknown as Pick<
    UseFormReturn<T>,
    'setError' | 'getValues'
  >;
  return { form, setError };
}

describe('applyServerErrors', () => {
  it('sets each field message of a 400 on the field of the same name, focusing the first', () => {
    const { form, setError } = fakeForm({ betreff: '', text: 'kurz' });
    const error = new ApiError(400, 'Die Eingaben sind ungültig.', {
      betreff: 'Vor dem Senden muss ein Betreff gewählt werden.',
      text: 'Die Nachricht muss mindestens 20 Zeichen lang sein.',
    });

    expect(applyServerErrors(form, error)).toBe(true);
    expect(setError).toHaveBeenCalledTimes(2);
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'betreff',
      { type: 'server', message: 'Vor dem Senden muss ein Betreff gewählt werden.' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'text',
      { type: 'server', message: 'Die Nachricht muss mindestens 20 Zeichen lang sein.' },
      { shouldFocus: false },
    );
  });

  it('translates array paths and differing names', () => {
    const { form, setError } = fakeForm({ zaehlernummer: 'Z1', werte: [{ wert: '5,3' }] });
    const error = new ApiError(400, 'Die Eingaben sind ungültig.', {
      zaehler: 'Unbekannter Zähler.',
      'werte[0]': 'Der Wert ist ungültig.',
    });

    const applied = applyServerErrors(form, error, (field) =>
      field === 'zaehler'
        ? 'zaehlernummer'
        : /^werte\.\d+$/.test(field)
          ? (`${field}.wert` as `werte.${number}.wert`)
          : undefined,
    );

    expect(applied).toBe(true);
    expect(setError).toHaveBeenCalledWith(
      'zaehlernummer',
      { type: 'server', message: 'Unbekannter Zähler.' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith(
      'werte.0.wert',
      { type: 'server', message: 'Der Wert ist ungültig.' },
      { shouldFocus: false },
    );
  });

  it('takes a map of names, and bracket paths without one', () => {
    const { form, setError } = fakeForm({ zaehlernummer: '', werte: ['1'] });
    const error = new ApiError(400, 'x', { zaehler: 'a', 'werte[0]': 'b' });

    expect(applyServerErrors(form, error, { zaehler: 'zaehlernummer' })).toBe(true);
    expect(setError.mock.calls.map(([field]) => field as string)).toEqual([
      'zaehlernummer',
      'werte.0',
    ]);
  });

  it('skips a field the form does not hold, and answers false when none landed', () => {
    const { form, setError } = fakeForm({ text: '' });
    const error = new ApiError(400, 'Die Eingaben sind ungültig.', { unbekannt: 'x' });

    expect(applyServerErrors(form, error)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it.each([
    ['a 400 without felder', new ApiError(400, 'Die Eingaben sind ungültig.')],
    ['a 409', new ApiError(409, 'Für diesen Tag gibt es schon eine Adresse.', { text: 'x' })],
    ['a 5xx', new ApiError(500, undefined, { text: 'x' })],
    ['anything else', new Error('boom')],
  ])('answers false for %s, so the caller shows the Alert', (_name, error) => {
    const { form, setError } = fakeForm({ text: '' });
    expect(applyServerErrors(form, error)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
