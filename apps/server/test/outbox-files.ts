import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
