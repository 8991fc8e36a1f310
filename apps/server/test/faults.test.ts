/**
 * The real server process on its embedded database, broken from outside: killed with SIGKILL in
 * the middle of a stream of writes, then without its mail server, then stopped with SIGTERM
 * while requests are in flight. One data directory goes through all three, in this order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMandant, passwordResetUrlOf } from '../src/config';
import { openDatabase } from '../src/db/client';
import {
  CHILD_PUBLIC_URL,
  freePort,
  httpClient,
  killServerProcesses,
  startServerProcess,
  type ServerProcess,
  type SessionHeaders,
} from './server-process';
import {
  checkWritesInDatabase,
  checkWritesThroughApi,
  planReadings,
  startWriteStream,
  summarize,
  type WriteLog,
} from './write-stream';
import { decodeMail } from './outbox-files';

const RESET_URL = passwordResetUrlOf(loadMandant('standard'), CHILD_PUBLIC_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A contact request whose body arrives in two parts `pauseMs` apart; resolves with its status. */
function trickledContactRequest(url: string, session: SessionHeaders, pauseMs: number) {
  const body = Buffer.from(
    JSON.stringify({ betreff: 'SONSTIGES', text: 'Langsam gesendet beim Herunterfahren.' }),
  );
  return new Promise<{ status: number }>((resolve, reject) => {
    const request = httpRequest(
      `${url}/api/anschlussnutzer/kontaktanfrage`,
      {
        method: 'POST',
        headers: { ...session, 'content-type': 'application/json', 'content-length': body.length },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    request.on('error', reject);
    request.write(body.subarray(0, 10));
    setTimeout(() => request.end(body.subarray(10)), pauseMs);
  });
}

/** The requests to `path` the server has logged as read (LOG_LEVEL debug): in flight from then. */
function requestsRead(output: string, path: string) {
  return output
    .split('\n')
    .filter(
      (line) => line.includes('"msg":"incoming request"') && line.includes(`"path":"${path}"`),
    ).length;
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('the server process on its embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kp-faults-'));
  let smtpPort: number;
  let smtp: SMTPServer | undefined;
  const mails: string[] = [];
  let restarted: ServerProcess | undefined;
  let log: WriteLog | undefined;

  /** Short retries: the mail server is down from the start, and comes up in the mail test. */
  const env = () => ({
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RETRY_SECONDS: '0.2',
    MAIL_RETRY_MAX_SECONDS: '0.5',
    // The stream sends contact requests as fast as they are answered, far past a customer's 5.
    CONTACT_REQUESTS_PER_HOUR: '100000',
  });

  beforeAll(async () => {
    smtpPort = await freePort();
  });
  afterAll(async () => {
    killServerProcesses();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every write answered 2xx and no half write across a SIGKILL', async () => {
    const first = await startServerProcess(env());
    const client = httpClient(first.url);
    const max = await client.session();
    const stream = startWriteStream(client, max, await planReadings(client, max));
    // In the middle: after 40 answers, while the next writes of all four kinds are in flight.
    await until('40 answered writes', () => (stream.answered() >= 40 ? true : undefined), 30_000);
    first.signal('SIGKILL');
    await stream.done;
    log = stream.log;
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const { statuses, total } = summarize(log);
    // Nothing but successes before the kill, and the writes in flight lost.
    expect(Object.keys(statuses).sort()).toEqual(
      Object.keys(statuses)
        .filter((status) => ['200', '201', '204', 'lost'].includes(status))
        .sort(),
    );
    expect(statuses.lost).toBeGreaterThan(0);
    console.info(`SIGKILL after ${total} writes: ${JSON.stringify(statuses)}`);

    // Its log shows each request as it is read: the SIGTERM test waits for that.
    restarted = await startServerProcess({ ...env(), LOG_LEVEL: 'debug' });
    const again = httpClient(restarted.url);
    const checked = await checkWritesThroughApi(again, await again.session(), log);
    // The contact requests are not to be seen through the API: the database check counts them.
    expect(checked).toBe(total - log.requests.length);
  }, 120_000);

  it('stores a contact request and a reset request without a mail server, and mails them once it is up', async () => {
    expect(restarted, 'the server of the SIGKILL test').toBeDefined();
    const client = httpClient(restarted!.url);
    const max = await client.session();
    const request = await client.call('POST', '/api/anschlussnutzer/kontaktanfrage', {
      headers: max,
      body: {
        betreff: 'FRAGE_ZUR_ABRECHNUNG',
        text: 'Der Mailserver ist gerade nicht erreichbar.',
      },
    });
    expect(request.status).toBe(201);
    const reset = await client.call('POST', '/api/anschlussnutzer/passwort_reset', {
      headers: { kundennummer: '10001', basisUrl: RESET_URL },
    });
    expect(reset.status).toBe(200);
    await sleep(1000); // a few failed tries

    const upAt = Date.now();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(smtpPort, '127.0.0.1', resolve));
    const decoded = () => mails.map(decodeMail);
    await until(
      'the contact request and the reset mail',
      () =>
        decoded().some((mail) => mail.includes('Der Mailserver ist gerade nicht erreichbar.')) &&
        decoded().some(
          (mail) =>
            /^To: max\.mustermann@example\.de$/m.test(mail) && mail.includes(`${RESET_URL}?token=`),
        )
          ? true
          : undefined,
      10_000,
    ).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}; server output:\n${restarted!.output()}`);
    });
    console.info(`mails delivered ${Date.now() - upAt} ms after the mail server came up`);
  }, 30_000);

  it('finishes requests in flight on SIGTERM, refuses new ones and exits within 10 s', async () => {
    expect(restarted, 'the server of the SIGKILL test').toBeDefined();
    const server = restarted!;
    const client = httpClient(server.url, 20_000);
    const max = await client.session();
    // A session computes at most two histories at once: each of the three has a session of its own.
    const historySessions = [max, await client.session(), await client.session()];
    const year = `von=${new Date(Date.now() - 365 * 86_400_000).toISOString()}&bis=${new Date().toISOString()}&interval=hourly`;
    // A year of hours three times one after the other (the embedded database runs one query at a
    // time), a login with its argon2 check, and a contact request whose body arrives in two
    // halves two seconds apart, as from a phone on a slow connection: in flight all that time.
    const read = (path: string) => requestsRead(server.output(), path);
    const history = '/api/vertrag/5000001/historie';
    const login = '/api/anschlussnutzer/login';
    const contact = '/api/anschlussnutzer/kontaktanfrage';
    const before = { history: read(history), login: read(login), contact: read(contact) };
    const trickled = trickledContactRequest(server.url, max, 2000);
    await until(
      'the contact request read',
      () => read(contact) > before.contact || undefined,
      10_000,
    );
    const slow = [
      ...historySessions.map((headers) => client.call('GET', `${history}?${year}`, { headers })),
      client.login('10002', 'Demo-2026!'),
    ];
    let lastAnswerAt = 0;
    for (const request of [...slow, trickled])
      request.then(
        (answer) => {
          if (answer.status < 300) lastAnswerAt = performance.now();
        },
        () => undefined,
      );
    // In flight once the server has read them: its log says when, on a slow machine too.
    await until(
      'the server to read the histories and the login',
      () => (read(history) >= before.history + 3 && read(login) >= before.login + 1) || undefined,
      10_000,
    );
    const termAt = performance.now();
    server.signal('SIGTERM');
    // New requests, each on a new connection, until one is refused.
    let refused: string | undefined;
    let refusedAt = 0;
    for (let i = 0; i < 500 && !refused; i++) {
      try {
        const answer = await fetch(`${server.url}/api/health`, {
          headers: { connection: 'close' },
          signal: AbortSignal.timeout(2000),
        });
        if (answer.status === 503) refused = '503';
      } catch (error) {
        refused = ((error as Error).cause as { code?: string } | undefined)?.code ?? 'error';
      }
      if (refused) refusedAt = performance.now();
      else await sleep(10);
    }
    const answers = await Promise.all(slow).catch((error: unknown) => {
      throw new Error(
        `a request in flight failed: ${String(error)} (${String((error as Error).cause)}); server output:\n${server.output()}`,
      );
    });
    // Each is answered, none cut.
    for (const answer of answers) expect(answer.status).toBe(200);
    expect((await trickled).status, 'the contact request arriving slowly').toBe(201);
    for (const answer of answers.slice(0, 3))
      expect((answer.body as { data: unknown[] }).data.length).toBeGreaterThan(8000);
    expect(refused).toBeDefined();
    // Refused while the requests before it were still being answered.
    expect(refusedAt).toBeLessThan(lastAnswerAt);
    const exit = await server.exited;
    const exitMs = performance.now() - termAt;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(10_000);
    console.info(
      `SIGTERM: ${answers.length + 1} requests in flight finished ${Math.round(lastAnswerAt - termAt)} ms after it, a new one was refused (${refused}) after ${Math.round(refusedAt - termAt)} ms, exit after ${Math.round(exitMs)} ms`,
    );
  });

  it('holds each write whole or not at all in the database after all of it', async () => {
    expect(log, 'the writes of the SIGKILL test').toBeDefined();
    expect(restarted && (await restarted.exited), 'the server has ended').toBeDefined();
    const database = openDatabase({ dataDir: join(dataDir, 'pgdata') });
    try {
      await checkWritesInDatabase(database.db, log!);
    } finally {
      await database.close();
    }
  });
});
