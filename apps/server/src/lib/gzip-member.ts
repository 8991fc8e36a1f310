import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync, inflateRaw } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);
const inflateRawAsync = promisify(inflateRaw);
const SYNC_FLUSH = { finishFlush: constants.Z_SYNC_FLUSH };

/**
 * A text's raw deflate, ending byte-aligned in a block that is not the last (a sync flush), with
 * the text's CRC-32 and length: such pieces join into one gzip member in any order, each
 * compressed once. A year of hourly history is a megabyte of JSON whose finished months never
 * change: compressing them once instead of per answer took brotli's 10 ms a call off the
 * server's CPU (profiled).
 */
export interface DeflatedPiece {
  bytes: Buffer;
  crc: number;
  length: number;
}

/** Deflated in zlib's thread pool: a year's months at once would hold the event loop. */
export async function deflatePiece(
  text: Buffer,
  level: number = constants.Z_DEFAULT_COMPRESSION,
): Promise<DeflatedPiece> {
  return {
    bytes: await deflateRawAsync(text, { level, ...SYNC_FLUSH }),
    crc: crc32(text),
    length: text.byteLength,
  };
}

/** A few bytes deflated at once, for the pieces made when a module loads (brackets, commas). */
export function deflateSmallPiece(text: Buffer): DeflatedPiece {
  return { bytes: deflateRawSync(text, SYNC_FLUSH), crc: crc32(text), length: text.byteLength };
}

/** The piece's text again, inflated in zlib's thread pool. */
export function inflatePiece(piece: DeflatedPiece): Promise<Buffer> {
  return inflateRawAsync(piece.bytes, SYNC_FLUSH);
}

/** RFC 1952: the magic, deflate, no flags, no time, no extra flags, an unknown system. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty stored block marked last (RFC 1951 3.2.4): the pieces end byte-aligned. */
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** One gzip member of the pieces' texts in order, as buffers to be sent one after the other. */
export function gzipMember(pieces: readonly DeflatedPiece[]): Buffer[] {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return [HEADER, ...pieces.map((piece) => piece.bytes), LAST_BLOCK, trailer];
}

// The CRC-32 of two texts joined, from theirs and the second's length: zlib's crc32_combine
// (multiplication modulo the CRC's polynomial, reflected), which Node does not expose.
const POLY = 0xedb88320;

function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multiplyModP(p, p)) X2N.push(p);

export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  // x^(8 × length2): the first text shifted past the second's bytes.
  let p = 0x80000000;
  for (let n = length2, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) p = multiplyModP(X2N[k % 32]!, p);
  }
  return (multiplyModP(p, crc1) ^ crc2) >>> 0;
}
