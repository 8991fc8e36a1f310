import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32, gunzipSync } from 'node:zlib';
import {
  crc32Combine,
  deflatePiece,
  deflateSmallPiece,
  gzipMember,
  inflatePiece,
} from './gzip-member';

describe('a gzip member of pieces deflated one by one', () => {
  it('combines CRC-32s as of the texts joined', () => {
    fc.assert(
      fc.property(fc.uint8Array(), fc.uint8Array({ maxLength: 5000 }), (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }),
    );
  });

  it('is read by gunzip as the texts joined, empty pieces and any level included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.string({ unit: 'grapheme', maxLength: 3000 }), fc.constantFrom(1, 6, 9)),
        ),
        async (texts) => {
          const pieces = await Promise.all(
            texts.map(async ([text, level], index) =>
              index % 2
                ? deflatePiece(Buffer.from(text), level)
                : deflateSmallPiece(Buffer.from(text)),
            ),
          );
          const joined = texts.map(([text]) => text).join('');
          expect(gunzipSync(Buffer.concat(gzipMember(pieces))).toString('utf8')).toBe(joined);
          // Each piece alone inflates to its own text.
          for (const [index, piece] of pieces.entries())
            expect((await inflatePiece(piece)).toString('utf8')).toBe(texts[index]![0]);
        },
      ),
    );
  });

  it('joins a kept piece into different answers unchanged', async () => {
    const month = await deflatePiece(
      Buffer.from('{"von":"2026-01-01T00:00:00.000Z"},'.repeat(5000)),
    );
    for (const [open, close] of [
      ['{"data":[', ']}'],
      ['[', ']'],
    ]) {
      const member = gzipMember([
        await deflatePiece(Buffer.from(open!)),
        month,
        await deflatePiece(Buffer.from(close!)),
      ]);
      const text = gunzipSync(Buffer.concat(member)).toString('utf8');
      expect(text.startsWith(open!) && text.endsWith(close!)).toBe(true);
      expect(text.length).toBe(open!.length + month.length + close!.length);
    }
  });
});
