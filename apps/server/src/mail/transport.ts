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
  send(message: MailMessage): Promise<void>;
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
      await writeFile(join(config.outboxDir, name), info.message as Buffer);
    },
    close: () => files.close(),
  };
}
