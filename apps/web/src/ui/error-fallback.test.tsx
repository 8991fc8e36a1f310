import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorFallback, NotFound } from './error-fallback';

afterEach(cleanup);

describe('error fallback (spec §2.1)', () => {
  it('shows "Something went wrong!" and toggles the error with Show Error / Hide Error', () => {
    render(<ErrorFallback error={new Error('Die Verbindung wurde unterbrochen.')} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
    expect(screen.queryByText('Die Verbindung wurde unterbrochen.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('Die Verbindung wurde unterbrochen.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(screen.queryByText('Die Verbindung wurde unterbrochen.')).toBeNull();
  });

  it('has a Not Found text', () => {
    render(<NotFound />);
    expect(screen.getByRole('heading', { name: 'Not Found' })).toBeTruthy();
  });
});
