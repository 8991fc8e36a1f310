import { useEffect, useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDrawnInSlices } from './use-drawn-in-slices';

afterEach(cleanup);

let renders: boolean[] = [];
let setReady: (ready: boolean) => void = () => undefined;

function Card({ initiallyReady }: { initiallyReady: boolean }) {
  const [ready, set] = useState(initiallyReady);
  useEffect(() => {
    setReady = set;
  }, []);
  const drawn = useDrawnInSlices(ready);
  renders.push(drawn);
  return <p>{drawn ? 'Werte' : 'Wird geladen …'}</p>;
}

describe('useDrawnInSlices', () => {
  it('draws a part whose data is there with the page', () => {
    renders = [];
    render(<Card initiallyReady />);
    expect(screen.getByText('Werte')).toBeTruthy();
    expect(renders).not.toContain(false);
  });

  it('draws data that comes later in the render after the one it came in', async () => {
    renders = [];
    render(<Card initiallyReady={false} />);
    expect(screen.getByText('Wird geladen …')).toBeTruthy();
    renders = [];
    act(() => setReady(true));
    expect(await screen.findByText('Werte')).toBeTruthy();
    expect(renders[0]).toBe(false);
    expect(renders.at(-1)).toBe(true);
  });

  it('hides the part at once when its data goes (a new query loading)', () => {
    renders = [];
    render(<Card initiallyReady />);
    renders = [];
    act(() => setReady(false));
    expect(screen.getByText('Wird geladen …')).toBeTruthy();
    expect(renders).not.toContain(true);
  });
});
