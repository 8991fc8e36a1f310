import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './submit-button';

afterEach(cleanup);

function Form({ blocked, onSubmit }: { blocked: boolean; onSubmit: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <p id="why">Es fehlt noch: IBAN.</p>
      <SubmitButton blocked={blocked} describedBy="why">
        Speichern
      </SubmitButton>
    </form>
  );
}

describe('SubmitButton', () => {
  it('stays in the tab order while blocked, says so, and sends nothing', () => {
    const onSubmit = vi.fn();
    render(<Form blocked onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Speichern' });
    expect(submit.hasAttribute('disabled')).toBe(false);
    expect(submit.tabIndex).toBe(0);
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { description: 'Es fehlt noch: IBAN.' })).toBe(submit);
    fireEvent.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the form once it is no longer blocked', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<Form blocked onSubmit={onSubmit} />);
    rerender(<Form blocked={false} onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Speichern' });
    expect(submit.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
