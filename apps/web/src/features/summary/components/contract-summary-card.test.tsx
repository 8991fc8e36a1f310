import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractSummary } from '@kundenportal/contract';
import { ContractSummaryCard } from './contract-summary-card';

/** The card holds links: it renders inside a router, once that has drawn its route. */
async function renderWithRouter(element: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => element }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('article');
}

afterEach(cleanup);

const dynamic: ContractSummary = {
  vertragId: 5000001,
  versorgungsart: 'STROM',
  status: 'AKTIV',
  gekuendigtZum: null,
  lieferbeginnAb: null,
  lieferadresse: 'Musterweg 1, 12345 Musterstadt',
  tarif: null,
  preisJetzt: { von: '2026-11-26T12:45:00.000Z', preis: 0.290027 },
  naechsterTarif: null,
  letzteAblesung: null,
  neuestesDokument: null,
};

describe('the price now on a dynamic contract’s card', () => {
  it('is the price of now within its quarter of an hour', async () => {
    await renderWithRouter(
      <ContractSummaryCard summary={dynamic} now={new Date('2026-11-26T12:59:59Z')} />,
    );
    expect(screen.getByText('Preis jetzt (netto)')).toBeTruthy();
    expect(screen.getByText(/seit 13:45 Uhr/)).toBeTruthy();
  });

  it('is the last loaded price, with its date, once that quarter is over (a page kept offline)', async () => {
    await renderWithRouter(
      <ContractSummaryCard summary={dynamic} now={new Date('2026-11-28T08:00:00Z')} />,
    );
    expect(screen.queryByText(/Preis jetzt/)).toBeNull();
    expect(screen.getByText('Zuletzt geladener Preis (netto)')).toBeTruthy();
    expect(screen.getByText(/ab 26\.11\.2026, 13:45 Uhr/)).toBeTruthy();
  });
});
