import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_READ_ERROR_MESSAGE, PHOTO_TYPE_MESSAGE } from '@kundenportal/contract';
import { FileRejection, readWithProgress, type PreparedFile } from '../lib/photo';
import { FileInput } from './file-input';

afterEach(cleanup);

/** A prepare step the test drives by hand: progress first, then the answer. */
function controlledPrepare() {
  let progress: (share: number) => void = () => undefined;
  let finish: (file: PreparedFile) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const prepare = vi.fn(
    (_file: File, onProgress: (share: number) => void) =>
      new Promise<PreparedFile>((resolve, reject) => {
        progress = onProgress;
        finish = resolve;
        fail = reject;
      }),
  );
  return {
    prepare,
    progress: (share: number) => act(() => progress(share)),
    finish: (file: PreparedFile) => act(async () => finish(file)),
    fail: (error: unknown) => act(async () => fail(error)),
  };
}

function Harness({ prepare }: { prepare: ReturnType<typeof controlledPrepare>['prepare'] }) {
  const [value, setValue] = useState<PreparedFile | null>(null);
  return (
    <FileInput
      label="Foto des Zählers (optional)"
      chooseLabel="Foto auswählen"
      captureLabel="Foto aufnehmen"
      accept="image/png,image/jpeg"
      value={value}
      onChange={setValue}
      prepare={prepare}
    />
  );
}

const choose = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

const revokeObjectURL = vi.fn();
URL.revokeObjectURL = revokeObjectURL;

describe('file input', () => {
  it('offers png and jpeg, and the camera as a second picker', () => {
    render(<Harness prepare={controlledPrepare().prepare} />);
    expect(screen.getByLabelText('Foto auswählen').getAttribute('accept')).toBe(
      'image/png,image/jpeg',
    );
    expect(screen.getByLabelText('Foto aufnehmen').getAttribute('capture')).toBe('environment');
    expect(screen.getByRole('group', { name: 'Foto des Zählers (optional)' })).toBeTruthy();
  });

  it('shows read progress, then name, size with the shrunk size beside it, and a preview', async () => {
    const driver = controlledPrepare();
    render(<Harness prepare={driver.prepare} />);
    choose('Foto auswählen', new File(['x'], 'zaehler.jpg', { type: 'image/jpeg' }));
    expect(screen.getByText('Datei wird gelesen: 0 %')).toBeTruthy();
    driver.progress(0.456);
    expect(screen.getByText('Datei wird gelesen: 46 %')).toBeTruthy();
    await driver.finish({
      name: 'zaehler.jpg',
      size: 4_321_987,
      uploadSize: 612_345,
      type: 'image/jpeg',
      base64: '/9j/',
      previewUrl: 'blob:vorschau',
    });
    expect(screen.queryByText(/Datei wird gelesen/)).toBeNull();
    const size = screen.getByText('Größe').nextElementSibling;
    expect(size?.textContent?.replace(/\s/g, ' ')).toBe('4,3 MB →verkleinert auf 612 kB');
    expect(screen.getByRole('img', { name: 'Vorschau: zaehler.jpg' }).getAttribute('src')).toBe(
      'blob:vorschau',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Datei entfernen' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:vorschau');
  });

  it('says "verkleinert" only when the photo sent is smaller than the one chosen', async () => {
    const driver = controlledPrepare();
    render(<Harness prepare={driver.prepare} />);
    choose('Foto auswählen', new File(['x'], 'klein.jpg', { type: 'image/jpeg' }));
    await driver.finish({
      name: 'klein.jpg',
      size: 17_000,
      uploadSize: 20_400,
      type: 'image/jpeg',
      base64: '/9j/',
      previewUrl: 'blob:klein',
    });
    expect(screen.getByText('Größe').nextElementSibling?.textContent).toBe('17 kB');
  });

  it('shows a refusal at the field, marks the input invalid and keeps the file name', async () => {
    const driver = controlledPrepare();
    render(<Harness prepare={driver.prepare} />);
    choose('Foto auswählen', new File(['Text'], 'notiz.jpg', { type: 'image/jpeg' }));
    await driver.fail(new FileRejection(PHOTO_TYPE_MESSAGE));
    expect(screen.getByText(PHOTO_TYPE_MESSAGE)).toBeTruthy();
    expect(screen.getByText('notiz.jpg')).toBeTruthy();
    expect(screen.getByLabelText('Foto auswählen').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the read error of spec §5 for any other failure', async () => {
    const driver = controlledPrepare();
    render(<Harness prepare={driver.prepare} />);
    choose('Foto auswählen', new File(['x'], 'kaputt.png', { type: 'image/png' }));
    await driver.fail(new Error('decode'));
    expect(screen.getByText(PHOTO_READ_ERROR_MESSAGE)).toBeTruthy();
  });
});

describe('reading a file', () => {
  it('reports progress up to 1 and answers the bytes', async () => {
    const shares: number[] = [];
    const bytes = await readWithProgress(new Blob([new Uint8Array([1, 2, 3])]), (share) =>
      shares.push(share),
    );
    expect([...new Uint8Array(bytes)]).toEqual([1, 2, 3]);
    expect(shares.at(-1)).toBe(1);
  });
});
