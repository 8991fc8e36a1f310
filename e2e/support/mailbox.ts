import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** A mail as the SMTP sink received it, with quoted-printable undone so it reads as text. */
export interface ReceivedMail {
  file: string;
  raw: string;
  text: string;
}

const mailDir = () => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR fehlt (global-setup)');
  return dir;
};

const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The mails of the SMTP sink, or the .eml files of a server's outbox directory `dir`, oldest first. */
export function receivedMails(dir = mailDir()): ReceivedMail[] {
  return readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'latin1');
      return { file, raw, text: decodeQuotedPrintable(raw) };
    });
}

/**
 * Waits for a mail to the address that arrived after `since` mails (and, given `containing`,
 * holds that text: tests running beside each other mail the same customer), and answers it.
 */
export async function waitForMail(
  to: string,
  since: number,
  containing = '',
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = receivedMails()
          .slice(since)
          .find(
            (mail) =>
              mail.text.split(/\r?\n/).includes(`To: ${to}`) && mail.text.includes(containing),
          );
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
