import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FALLING_METER_EXPLANATION,
  FALLING_METER_LABEL,
  type Consumption,
} from '@kundenportal/contract';
import { ConsumptionSummary } from './consumption-summary';

afterEach(cleanup);

const period = (overrides: Partial<Consumption>): Consumption => ({
  von: '2024-01-01',
  bis: '2024-12-31',
  summe: 3650,
  summeJahr: 3660,
  prognose: null,
  proKanal: [
    { obiskennzahl: '1-1:1.8.1', verbrauch: 2650 },
    { obiskennzahl: '1-1:1.8.2', verbrauch: 1000 },
  ],
  zaehlerstandGefallen: false,
  ...overrides,
});

describe('the latest consumption on the contract', () => {
  it('names each register', () => {
    render(<ConsumptionSummary periods={[period({})]} />);
    expect(screen.getByText('Verbrauch Hochtarif (HT)')).toBeTruthy();
    expect(screen.getByText('Verbrauch Niedertarif (NT)')).toBeTruthy();
  });

  it('shows a period with a falling meter as such, without a figure', () => {
    const fallen = period({
      summe: null,
      summeJahr: null,
      proKanal: [
        { obiskennzahl: '1-1:1.8.1', verbrauch: null },
        { obiskennzahl: '1-1:1.8.2', verbrauch: null },
      ],
      zaehlerstandGefallen: true,
    });
    const { container } = render(<ConsumptionSummary periods={[period({}), fallen]} />);
    expect(screen.getByText(FALLING_METER_LABEL)).toBeTruthy();
    expect(screen.getByText(FALLING_METER_EXPLANATION)).toBeTruthy();
    expect(container.textContent).not.toContain('kWh');
    expect(screen.queryByText('Hochgerechnet auf 365 Tage')).toBeNull();
  });
});
