import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormActions } from './form-actions';

afterEach(cleanup);

describe('FormActions', () => {
  it('puts the submit first and "Abbrechen" after it', () => {
    const onCancel = vi.fn();
    render(<FormActions submitLabel="Senden" onCancel={onCancel} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Senden', 'Abbrechen']);
    expect(buttons[0]!.getAttribute('type')).toBe('submit');
    expect(buttons[1]!.getAttribute('type')).toBe('button');
    fireEvent.click(buttons[1]!);
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('says why the submit is disabled, linked to it', () => {
    const why = 'Bitte geben Sie Ihr aktuelles Passwort ein, um die E-Mail-Adresse zu ändern.';
    render(<FormActions submitLabel="Aktualisieren" disabled missing={why} onCancel={vi.fn()} />);
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Aktualisieren' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    const note = document.getElementById(submit.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(why);
  });

  it('shows no reason while the submit is enabled, and waits while a call is out', () => {
    const { rerender } = render(
      <FormActions submitLabel="Senden" missing="fehlt noch" onCancel={vi.fn()} />,
    );
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Senden' });
    expect(screen.queryByText('fehlt noch')).toBeNull();
    expect(submit.getAttribute('aria-describedby')).toBeNull();
    rerender(<FormActions submitLabel="Senden" pending onCancel={vi.fn()} />);
    expect(submit.getAttribute('aria-disabled')).toBe('true');
  });
});

describe('FormActions on an empty form', () => {
  it('says "Das Formular ist leer." quietly, not as an alert, and ties it to the submit', () => {
    render(<FormActions submitLabel="Speichern" disabled empty missing="Es fehlt noch: IBAN." />);
    const submit = screen.getByRole('button', { name: 'Speichern' });
    const notes = (submit.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(notes).toEqual(['Das Formular ist leer.', 'Es fehlt noch: IBAN.']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
