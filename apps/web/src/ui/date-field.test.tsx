import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField } from './date-field';

afterEach(cleanup);

let setServerError: (message: string) => void = () => undefined;

/** A form with one date, as a form would hold it: through a Controller. */
function Harness() {
  const { control, setError } = useForm({ defaultValues: { gueltigVon: '2026-12-01' } });
  useEffect(() => {
    setServerError = (message) => setError('gueltigVon', { type: 'server', message });
  }, [setError]);
  return (
    <form>
      <Controller
        name="gueltigVon"
        control={control}
        render={({ field, fieldState }) => (
          <DateField
            label="Gültig ab"
            hint="Frühestens morgen."
            min="2026-11-26"
            {...field}
            error={fieldState.error?.message}
          />
        )}
      />
      <output>{useWatch({ control, name: 'gueltigVon' })}</output>
    </form>
  );
}

const button = () => screen.getByRole('button', { name: /Gültig ab/ });
const described = () =>
  (button().getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('DateField', () => {
  it('shows the value in German with its label and hint, and takes a new day', async () => {
    render(<Harness />);
    expect(button().textContent).toBe('1. Dezember 2026');
    expect(described()).toBe('Frühestens morgen.');

    fireEvent.click(button());
    // The calendar's code arrives on the first opening.
    await screen.findByRole('grid');
    // The calendar's day buttons, found by their text: naming ~40 buttons by role is slow in jsdom.
    const days = [...screen.getByRole('dialog').querySelectorAll('button')];
    fireEvent.click(days.find((day) => day.textContent === '2')!);
    expect(screen.getByRole('status').textContent).toBe('2026-12-02');
    expect(button().textContent).toBe('2. Dezember 2026');
  });

  it("shows the field's message, linked to the control", () => {
    render(<Harness />);
    act(() => setServerError('Das Datum darf nicht vor morgen liegen.'));
    expect(described()).toBe('Frühestens morgen. | Das Datum darf nicht vor morgen liegen.');
  });
});
