import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { labelledOptions, SelectField } from './select-field';

afterEach(cleanup);

const reasons = ['UMZUG', 'PREIS'] as const;
const labels = { UMZUG: 'Umzug', PREIS: 'Preis' };

describe('SelectField', () => {
  it('names the choice by its visible label and offers "Bitte wählen" first', () => {
    render(
      <SelectField
        label="Grund"
        placeholder="Bitte wählen"
        options={labelledOptions(reasons, labels)}
      />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Grund' });
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Bitte wählen'],
      ['UMZUG', 'Umzug'],
      ['PREIS', 'Preis'],
    ]);
    expect(select.getAttribute('aria-invalid')).toBeNull();
    expect(select.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows its message in red, linked to the choice, beside the hint', () => {
    render(
      <SelectField
        label="Grund"
        hint="Wählen Sie den Anlass."
        options={labelledOptions(reasons, labels)}
        error="Bitte wählen Sie einen Grund."
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Grund' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const described = (select.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Wählen Sie den Anlass.', 'Bitte wählen Sie einen Grund.']);
    expect(select.closest('.field')?.classList.contains('field-invalid')).toBe(true);
  });

  it('has no empty choice without a placeholder', () => {
    render(<SelectField label="Land" options={[{ value: 'Deutschland', label: 'Deutschland' }]} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Land' });
    expect(select.options).toHaveLength(1);
  });
});
