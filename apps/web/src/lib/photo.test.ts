import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { preparePhoto } from './photo';

const REDRAWN = new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 1, 2, 3, 0xff, 0xd9]);

// jsdom draws nothing: the bitmap and the canvas stand in for the browser's, and the canvas
// hands back bytes of its own, as a real one hands back only the pixels it drew.
beforeEach(() => {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 640, height: 480, close: () => undefined })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    fillRect: () => undefined,
    drawImage: () => undefined,
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback, type) {
    callback(new Blob([REDRAWN], { type: type ?? 'image/png' }));
  });
  URL.createObjectURL = () => 'blob:foto';
});
const createObjectURL = Object.getOwnPropertyDescriptor(URL, 'createObjectURL');
afterEach(() => {
  if (createObjectURL) Object.defineProperty(URL, 'createObjectURL', createObjectURL);
  else Reflect.deleteProperty(URL, 'createObjectURL');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('draws a photo too small to be scaled down anew, so that its EXIF is not kept', async () => {
  const exif = new TextEncoder().encode('Exif\0\0GPS 52.52N 13.40E');
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, exif.length + 2, ...exif, 0xff, 0xd9]);
  const prepared = await preparePhoto(
    new File([jpeg], 'zaehler.jpg', { type: 'image/jpeg' }),
    () => undefined,
  );
  const sent = atob(prepared.base64);
  expect(sent).not.toContain('Exif');
  expect(Uint8Array.from(sent, (char) => char.charCodeAt(0))).toEqual(REDRAWN);
  expect(prepared.type).toBe('image/jpeg');
});
