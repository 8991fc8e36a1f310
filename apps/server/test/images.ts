import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Grain, as a photo has: flat colour would compress to almost nothing. */
const grain = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  });

/** A small real PNG. */
export const makePng = (width = 12, height = 8) => grain(width, height).png().toBuffer();

/** A small real JPEG. */
export const makeJpeg = (width = 64, height = 48) => grain(width, height).jpeg().toBuffer();

/** Where a phone photo says it was taken: Berlin. */
const GPS_EXIF = {
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '52/1 31/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '13/1 24/1 0/1',
  },
};

/** EXIF's tag of the GPS directory (0x8825), as a little-endian TIFF header writes it. */
export const GPS_IFD_TAG = Buffer.from([0x25, 0x88]);

/**
 * A phone photo 64 pixels wide and 48 high, with its position in EXIF and an orientation that
 * says it is to be shown turned by 90°.
 */
export const makePhonePhoto = () =>
  grain(64, 48).jpeg().withExif(GPS_EXIF).withMetadata({ orientation: 6 }).toBuffer();

/** A screenshot-like PNG that carries a position too, in its eXIf chunk. */
export const makePngWithGps = () => grain(12, 8).png().withExif(GPS_EXIF).toBuffer();

/**
 * A real PNG whose header claims width × height pixels: a few bytes that would take gigabytes
 * once decoded (a decompression bomb, as far as any check reading the header can tell).
 */
export async function makePngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  // Signature (8 bytes), IHDR length and type (8), then width and height, then the CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
