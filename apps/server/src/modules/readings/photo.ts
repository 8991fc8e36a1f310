import type * as Sharp from 'sharp';
import type { Metadata } from 'sharp';
import {
  PHOTO_INCOMPLETE_MESSAGE,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TOO_MANY_PIXELS_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  photoTypeOf,
  type PhotoType,
} from '@kundenportal/contract';

let imageLibrary: Promise<typeof Sharp> | undefined;

/**
 * sharp with libvips, loaded with the first photo: some 27 MiB that a process which never gets
 * one does not keep. Only the JPEG and PNG decoders may ever see a customer's bytes (SVG, TIFF,
 * HEIF and the rest stay out of reach even if the magic-byte check before them were wrong), and
 * no decoded image is cached: each photo is seen once.
 */
export function loadImageLibrary() {
  imageLibrary ??= import('sharp').then((module) => {
    const sharp = module.default;
    sharp.block({ operation: ['VipsForeignLoad'] });
    sharp.unblock({ operation: ['VipsForeignLoadJpegBuffer', 'VipsForeignLoadPngBuffer'] });
    sharp.cache(false);
    return module;
  });
  return imageLibrary;
}

const FORMATS = { 'image/png': 'png', 'image/jpeg': 'jpeg' } as const;

/** The photo as it is stored. */
export interface StoredPhoto {
  contentType: PhotoType;
  bytes: Buffer;
}

export type PhotoCheck = { photo: StoredPhoto } | { refusal: string };

/**
 * Decodes the whole photo and encodes it anew in its own format: what is stored is an image and
 * nothing else (no HTML or SVG behind a JPEG or PNG header), turned upright by its EXIF
 * orientation and without any metadata (a phone photo's EXIF tells where it was taken).
 * The decoding runs in libuv's thread pool, not on the event loop.
 */
export async function checkPhoto(bytes: Buffer): Promise<PhotoCheck> {
  if (bytes.length > PHOTO_MAX_BYTES) return { refusal: PHOTO_TOO_LARGE_MESSAGE };
  const contentType = photoTypeOf(bytes);
  if (!contentType) return { refusal: PHOTO_TYPE_MESSAGE };
  const format = FORMATS[contentType];
  const { default: sharp } = await loadImageLibrary();

  let header: Metadata;
  try {
    // The header alone, without the pixel limit, so that too many pixels get their own answer.
    header = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    return { refusal: PHOTO_INCOMPLETE_MESSAGE };
  }
  if (header.format !== format) return { refusal: PHOTO_TYPE_MESSAGE };
  if (header.width * header.height > PHOTO_MAX_PIXELS)
    return { refusal: PHOTO_TOO_MANY_PIXELS_MESSAGE };

  try {
    // Warnings pass (phone cameras write harmless oddities); truncated or corrupt data does not.
    const upright = sharp(bytes, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS }).rotate();
    const encoded = await (format === 'png' ? upright.png() : upright.jpeg({ quality: 85 }))
      // Without keepMetadata() or withMetadata(), sharp writes no EXIF, ICC or XMP.
      .toBuffer();
    return { photo: { contentType, bytes: encoded } };
  } catch {
    return { refusal: PHOTO_INCOMPLETE_MESSAGE };
  }
}
