import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormPageSkeleton, PageSkeleton, SkeletonChart, SkeletonForm } from './skeleton';

afterEach(cleanup);

describe('skeletons', () => {
  it('a form: a label and a field box per row and the submit, hidden; one status to hear', () => {
    render(<SkeletonForm fields={2} label="Der Link wird geprüft …" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Der Link wird geprüft …');
    const rows = status.querySelectorAll('.skeleton-field');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.getAttribute('aria-hidden')).toBe('true');
      expect(row.querySelectorAll('.skeleton-label, .skeleton-input')).toHaveLength(2);
    }
    expect(status.querySelector('.skeleton-button')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('a form page keeps its heading, in the card the form will fill', () => {
    render(<FormPageSkeleton heading="Ablesung erfassen" fields={4} />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Ablesung erfassen' });
    expect(heading.closest('.card')?.querySelectorAll('.skeleton-field')).toHaveLength(4);
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('a chart: its key figure tiles, caption and panel, hidden; one status to hear', () => {
    render(<SkeletonChart tiles={4} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Wird geladen …');
    expect(status.querySelectorAll('.skeleton-tile')).toHaveLength(4);
    expect(status.querySelector('.skeleton-panel')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('a page with a shape of its own shows it below the heading instead of cards', () => {
    render(
      <PageSkeleton heading="Verbrauchshistorie für Vertrag 5000001">
        <SkeletonChart />
      </PageSkeleton>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Verbrauchshistorie für Vertrag 5000001' }),
    ).toBeTruthy();
    expect(document.querySelectorAll('.card')).toHaveLength(0);
    expect(document.querySelectorAll('.skeleton-tile')).toHaveLength(3);
  });
});
