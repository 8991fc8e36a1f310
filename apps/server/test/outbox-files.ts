import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A mail as the server wrote it, its quoted-printable parts decoded, to search for text. */
export const decodeMail = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Every .eml file of the outbox directory, oldest first, decoded. */
export const outboxMails = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .map((file) => decodeMail(readFileSync(join(dir, file), 'latin1')));

/**
 * Every .eml file of the outbox directory, oldest first, read by a MIME parser; the HTML as
 * written, its `cid:` links not turned into data URLs.
 */
export const parsedOutboxMails = (dir: string): Promise<ParsedMail[]> =>
  Promise.all(
    readdirSync(dir)
      .sort()
      .map((file) => simpleParser(readFileSync(join(dir, file)), { keepCidLinks: true })),
  );

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's size as its header (IHDR, the first chunk) states it; throws for anything else. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('no PNG signature');
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('no IHDR chunk first');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
