import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDrawnInSlices } from './use-drawn-in-slices';

afterEach(cleanup);

const renders: boolean[] = [];

function Page() {
  const drawn = useDrawnInSlices();
  renders.push(drawn);
  return <p>{drawn ? 'Formular' : 'Wird geladen …'}</p>;
}

describe('useDrawnInSlices', () => {
  it('shows the skeleton in the first render and the costly part in the one right after', async () => {
    render(<Page />);
    expect(await screen.findByText('Formular')).toBeTruthy();
    expect(renders[0]).toBe(false);
    expect(renders.at(-1)).toBe(true);
  });
});
