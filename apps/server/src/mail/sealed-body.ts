import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Mail bodies hold live links (reset, e-mail confirm, revoke). The database keeps them only
 * sealed with a key that is not in the database: a blanked row's old version and the WAL, which
 * a backup of the embedded database carries, then hold nothing a reader can use.
 */
const PREFIX = 'aes256gcm:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_HEX = /^[0-9a-fA-F]{64}$/;

export function sealBody(key: Buffer, body: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** A body written before bodies were sealed is sent as it is. */
export function openBody(key: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch (error) {
    throw new Error(
      'Die Mail kann nicht entschlüsselt werden: sie wurde mit einem anderen Mail-Schlüssel geschrieben (MAIL_KEY oder DATA_DIR/mail.key).',
      { cause: error },
    );
  }
}

/** MAIL_KEY's value: 64 hexadecimal digits. */
export function parseMailKey(text: string, source: string): Buffer {
  const hex = text.trim();
  if (!KEY_HEX.test(hex))
    throw new Error(
      `${source}: der Mail-Schlüssel muss aus 64 Hexadezimalziffern bestehen (32 Byte, z. B. openssl rand -hex 32).`,
    );
  return Buffer.from(hex, 'hex');
}

/** The key file, made (0600) with a new random key on the first start. */
export function loadOrCreateMailKey(file: string): Buffer {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    text = randomBytes(32).toString('hex');
    writeFileSync(file, `${text}\n`, { flag: 'wx', mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return parseMailKey(text, file);
}
