import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { withLogo, type MailLogoSource } from './logo';
import { claimDueMails, enqueueMail, markFailed, markSent, type OutgoingMail } from './outbox';
import { openBody } from './sealed-body';
import type { MailTransport } from './transport';

const BATCH = 20;
const LEASE_MS = 2 * 60_000;
/** How often due mails are looked for, at most: a retry is never much later than its time. */
const POLL_INTERVAL_MS = 30_000;

export interface MailRetryConfig {
  /** The wait after the first failure; it doubles with each further one. */
  firstMs: number;
  /** The longest wait. */
  maxMs: number;
}

const DEFAULT_MAIL_RETRY: MailRetryConfig = { firstMs: 10_000, maxMs: 15 * 60_000 };

/** The wait before the next try grows with each failure, up to the longest wait. */
const backoffMs = (retry: MailRetryConfig, attempts: number) =>
  Math.min(retry.maxMs, retry.firstMs * 2 ** (attempts - 1));

export interface Mailer {
  /** Puts a mail into the outbox, sealed with this mailer's key (outbox.ts). */
  enqueue(executor: Executor, mail: OutgoingMail): Promise<void>;
  /** Sends what is due now; resolves when every mail due at the call has had its try. */
  deliverDue(): Promise<void>;
  /** Starts a round soon, without waiting: after a change has enqueued a mail. */
  kick(): void;
  /** Retries in the background until stop(). */
  start(): void;
  stop(): Promise<void>;
}

export function createMailer(options: {
  db: Database;
  transport: MailTransport;
  from: string;
  log: FastifyBaseLogger;
  now: () => Date;
  retry?: MailRetryConfig;
  /** The variant's logo for the mails' heads; without it they show the variant's name. */
  logo?: MailLogoSource;
  /** Seals the bodies in the database; a mail is opened with it only as it is sent. */
  key: Buffer;
}): Mailer {
  const { db, transport, from, log, now, retry = DEFAULT_MAIL_RETRY, logo, key } = options;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function round() {
    for (;;) {
      const started = now();
      const mails = await claimDueMails(db, started, new Date(started.getTime() + LEASE_MS), BATCH);
      // A logo that cannot be rendered leaves the name in the mail's head: a mail is never
      // kept back for its logo.
      const image = mails.length > 0 ? await logo?.get().catch(() => undefined) : undefined;
      for (const mail of mails) {
        try {
          const branded = withLogo(openBody(key, mail.htmlBody), image);
          const file = await transport.send({
            from,
            to: mail.recipient,
            subject: mail.subject,
            text: openBody(key, mail.textBody),
            html: branded.html,
            ...(mail.replyTo !== null && { replyTo: mail.replyTo }),
            ...(branded.used && image && { inlineImages: [image] }),
          });
          await markSent(db, mail.id, now());
          // Without SMTP the developer opens the .eml file for the link; the log never holds it.
          log.info({ mailId: mail.id, kind: mail.kind, file }, 'mail sent');
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const retryAt = new Date(now().getTime() + backoffMs(retry, mail.attempts));
          await markFailed(db, mail.id, message, retryAt);
          log.warn({ mailId: mail.id, kind: mail.kind, err: message }, 'mail not sent, will retry');
        }
      }
      if (mails.length < BATCH) return;
    }
  }

  function deliverDue(): Promise<void> {
    if (running) {
      // The round under way may have claimed its mails before the caller's were written: one
      // more round after it, shared by everyone who asks meanwhile, and the caller waits for it.
      queued ??= running.then(() => {
        queued = undefined;
        return deliverDue();
      });
      return queued;
    }
    running = round()
      .catch((error: unknown) => log.error({ err: error }, 'mail delivery failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    enqueue: (executor, mail) => enqueueMail(executor, key, mail),
    deliverDue,
    kick: () => void deliverDue(),
    start() {
      timer ??= setInterval(
        () => void deliverDue(),
        Math.min(POLL_INTERVAL_MS, retry.maxMs),
      ).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await (queued ?? running);
      transport.close();
    },
  };
}
