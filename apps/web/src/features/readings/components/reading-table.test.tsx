import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reading } from '@kundenportal/contract';
import { ReadingTable } from './reading-table';

const reading = (overrides: Partial<Reading>): Reading => ({
  ablesedatum: '2025-04-30',
  zaehlernummer: '1APX5523001',
  ablesewerte: {
    '1-1:1.8.0': { obiskennzahl: '1-1:1.8.0', ablesewert: 24688, nachkommastellen: 1 },
  },
  ablesegrund: 'Turnusablesung',
  erfassungshinweis: null,
  ermittlungsart: 'NETZBETREIBER',
  ableseart: null,
  ...overrides,
});

const cellOf = (label: string) =>
  screen.getAllByRole('cell').find((cell) => cell.dataset.label === label)!;

afterEach(cleanup);

describe('ReadingTable', () => {
  it('marks the cells without a value, so that a phone hides their labelled rows', () => {
    render(<ReadingTable contractId={5000003} readings={[reading({})]} />);
    expect(cellOf('Erfassungshinweis').classList).toContain('cell-empty');
    expect(cellOf('Ableseart').classList).toContain('cell-empty');
    expect(cellOf('Ablesegrund').classList).not.toContain('cell-empty');
    // The wide table keeps its column: the dash is still there.
    expect(cellOf('Ableseart').textContent).toBe('–');
  });

  it('keeps a hint', () => {
    render(
      <ReadingTable
        contractId={5000003}
        readings={[
          reading({ erfassungshinweis: 'Zähler im Keller', ableseart: 'Ablesung vor Ort' }),
        ]}
      />,
    );
    expect(cellOf('Erfassungshinweis').classList).not.toContain('cell-empty');
    expect(cellOf('Ableseart').classList).not.toContain('cell-empty');
  });

  it('says beside the known reasons and an estimate what they mean, and leaves others as they are', () => {
    render(
      <ReadingTable
        contractId={5000003}
        readings={[
          reading({ ablesegrund: 'Zwischenablesung', ermittlungsart: 'ERSATZWERT' }),
          reading({ ablesedatum: '2024-04-30', ablesegrund: 'Einzug' }),
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(first!.textContent).toContain(
      'Zwischenablesung Eine Ablesung zwischen zwei Jahresabrechnungen, etwa bei einer Preisänderung.',
    );
    expect(first!.textContent).toContain('Ersatzwert (geschätzt)');
    expect(second!.textContent).toContain('Einzug');
    expect(second!.textContent).not.toContain('Jahresabrechnung');
    expect(second!.textContent).not.toContain('geschätzt');
  });
});
