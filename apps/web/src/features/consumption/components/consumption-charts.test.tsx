import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLING_METER_LABEL, type Consumption } from '@kundenportal/contract';
import { YearlyConsumptionChart } from './consumption-charts';

afterEach(cleanup);

const period = (overrides: Partial<Consumption>): Consumption => ({
  von: '2024-01-01',
  bis: '2024-12-31',
  summe: 3650,
  summeJahr: 3660,
  prognose: null,
  proKanal: [{ obiskennzahl: '1-1:1.8.0', verbrauch: 3650 }],
  zaehlerstandGefallen: false,
  ...overrides,
});

describe('the yearly consumption chart', () => {
  it("names a falling meter's period in its table row instead of figures", () => {
    const fallen = period({
      von: '2025-01-01',
      bis: '2025-06-30',
      summe: null,
      summeJahr: null,
      proKanal: [{ obiskennzahl: '1-1:1.8.0', verbrauch: null }],
      zaehlerstandGefallen: true,
    });
    render(<YearlyConsumptionChart periods={[period({}), fallen]} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]!.textContent).toBe('01.01.2024 – 31.12.20243.650,003.660,00');
    const cells = within(rows[2]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['01.01.2025 – 30.06.2025', FALLING_METER_LABEL, 'nicht berechenbar']);
  });
});
