import { PHOTO_READ_ERROR_MESSAGE, PHOTO_TYPE_MESSAGE, photoTypeOf } from '@kundenportal/contract';

/** A file the customer chose, read and ready to send. */
export interface PreparedFile {
  name: string;
  /** Bytes of the file as chosen. */
  size: number;
  /** Bytes that will be sent (a large photo is scaled down first). */
  uploadSize: number;
  type: string;
  base64: string;
  previewUrl: string;
}

/** A file we do not take, with the German reason the field shows. */
export class FileRejection extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileRejection';
  }
}

/** Longest edge and size a photo is brought down to: sharp enough to read a meter. */
const PHOTO_MAX_EDGE = 2048;
const PHOTO_TARGET_BYTES = 800_000;
const EDGES = [PHOTO_MAX_EDGE, 1600, 1280, 1024];
const QUALITIES = [0.85, 0.7, 0.55];

/** Reads a file, reporting progress from 0 to 1; a failed read has spec §5's text. */
export function readWithProgress(
  file: Blob,
  onProgress: (share: number) => void,
): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    reader.onload = () => {
      onProgress(1);
      resolve(reader.result as ArrayBuffer);
    };
    reader.onerror = () => reject(new FileRejection(PHOTO_READ_ERROR_MESSAGE));
    reader.onabort = () => reject(new FileRejection(PHOTO_READ_ERROR_MESSAGE));
    reader.readAsArrayBuffer(file);
  });
}

function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = reader.result as string;
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(new FileRejection(PHOTO_READ_ERROR_MESSAGE));
    reader.readAsDataURL(blob);
  });
}

function encodeJpeg(bitmap: ImageBitmap, edge: number, quality: number): Promise<Blob> {
  return encode(bitmap, edge, 'image/jpeg', quality);
}

function encode(bitmap: ImageBitmap, edge: number, type: string, quality?: number): Promise<Blob> {
  const scale = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new FileRejection(PHOTO_READ_ERROR_MESSAGE));
  // JPEG has no transparency: a PNG's transparent parts become white, not black.
  if (type === 'image/jpeg') {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new FileRejection(PHOTO_READ_ERROR_MESSAGE))),
      type,
      quality,
    ),
  );
}

/**
 * A photo as it goes up: always drawn anew, so that none of its metadata (EXIF: where and when
 * it was taken, the camera) is kept on the device or sent; a small one at its size and type, a
 * large one (a phone's 12 megapixels) scaled down and re-encoded as JPEG until it is under
 * PHOTO_TARGET_BYTES.
 */
async function shrinkPhoto(photo: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  } catch {
    throw new FileRejection(PHOTO_READ_ERROR_MESSAGE);
  }
  try {
    const small = Math.max(bitmap.width, bitmap.height) <= PHOTO_MAX_EDGE;
    if (small && photo.size <= PHOTO_TARGET_BYTES) {
      const redrawn = await encode(bitmap, PHOTO_MAX_EDGE, photo.type, 0.92);
      if (redrawn.size <= PHOTO_TARGET_BYTES) return redrawn;
    }
    let smallest: Blob | undefined;
    for (const edge of EDGES) {
      for (const quality of QUALITIES) {
        const jpeg = await encodeJpeg(bitmap, edge, quality);
        if (jpeg.size <= PHOTO_TARGET_BYTES) return jpeg;
        if (!smallest || jpeg.size < smallest.size) smallest = jpeg;
      }
    }
    return smallest!;
  } finally {
    bitmap.close();
  }
}

/** Spec §5: png or jpeg (by its bytes, not its name), read with progress, scaled down. */
export async function preparePhoto(
  file: File,
  onProgress: (share: number) => void,
): Promise<PreparedFile> {
  const bytes = await readWithProgress(file, onProgress);
  const type = photoTypeOf(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 16)));
  if (!type) throw new FileRejection(PHOTO_TYPE_MESSAGE);
  const upload = await shrinkPhoto(new Blob([bytes], { type }));
  return {
    name: file.name,
    size: file.size,
    uploadSize: upload.size,
    type: upload.type || type,
    base64: await toBase64(upload),
    previewUrl: URL.createObjectURL(upload),
  };
}
