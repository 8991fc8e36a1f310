import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Delivers the mail; answers the .eml file it was written to, if any. */
  send(message: MailMessage): Promise<string | undefined>;
  close(): void;
}

export interface MailTransportConfig {
  /** smtp://user:pass@host:port; unset writes .eml files instead. */
  smtpUrl?: string;
  /** Where .eml files go without SMTP (DATA_DIR/outbox). */
  outboxDir: string;
}

/** SMTP when configured; otherwise each mail as an .eml file a developer can open. */
export function createMailTransport(config: MailTransportConfig): MailTransport {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (message) => {
        await smtp.sendMail(message);
        return undefined;
      },
      close: () => smtp.close(),
    };
  }
  const files = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  let sequence = 0;
  return {
    async send(message) {
      const info = await files.sendMail(message);
      await mkdir(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${++sequence}.eml`;
      const file = join(config.outboxDir, name);
      await writeFile(file, info.message as Buffer);
      return file;
    },
    close: () => files.close(),
  };
}
