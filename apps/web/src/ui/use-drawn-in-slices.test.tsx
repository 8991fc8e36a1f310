import { useEffect, useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDrawnInSlices } from './use-drawn-in-slices';

afterEach(cleanup);

let renders: boolean[] = [];
let setReady: (ready: boolean) => void = () => undefined;

function Page({
  initiallyReady,
  atOnceIfReady = false,
}: {
  initiallyReady: boolean;
  atOnceIfReady?: boolean;
}) {
  const [ready, set] = useState(initiallyReady);
  useEffect(() => {
    setReady = set;
  }, []);
  const drawn = useDrawnInSlices(ready, { atOnceIfReady });
  renders.push(drawn);
  return <p>{drawn ? 'Formular' : 'Wird geladen …'}</p>;
}

describe('useDrawnInSlices', () => {
  it('shows the skeleton in the first render and the costly part in the one right after', async () => {
    renders = [];
    render(<Page initiallyReady />);
    expect(await screen.findByText('Formular')).toBeTruthy();
    expect(renders[0]).toBe(false);
    expect(renders.at(-1)).toBe(true);
  });

  it('draws the part in a render after the one in which its data came, and hides it at once when it goes', async () => {
    renders = [];
    render(<Page initiallyReady={false} />);
    expect(screen.getByText('Wird geladen …')).toBeTruthy();
    renders = [];
    act(() => setReady(true));
    expect(await screen.findByText('Formular')).toBeTruthy();
    expect(renders[0]).toBe(false);
    renders = [];
    act(() => setReady(false));
    expect(screen.getByText('Wird geladen …')).toBeTruthy();
    expect(renders).not.toContain(true);
  });

  it('draws a part whose data is there with the page where asked to, and defers what comes later', async () => {
    renders = [];
    render(<Page initiallyReady atOnceIfReady />);
    expect(renders).not.toContain(false);
    renders = [];
    act(() => setReady(false));
    act(() => setReady(true));
    expect(await screen.findByText('Formular')).toBeTruthy();
    expect(renders[0]).toBe(false);
  });
});
