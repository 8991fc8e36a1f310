import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { openBackup } from '../src/modules/backup/dump';
import { startTestServer, type TestServer } from './harness';
import { outboxMails } from './outbox-files';

const tokenOf = (mail: string | undefined) => {
  const match = /passwort\/erneuern\?token=([A-Za-z0-9_-]{43})/.exec(mail ?? '');
  if (!match?.[1]) throw new Error('no link in the mail');
  return match[1];
};

/** Every file below the directory, as bytes. */
const filesBelow = (dir: string): Buffer[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)));

const requestReset = (server: TestServer) =>
  server.app.inject({
    method: 'POST',
    url: '/api/anschlussnutzer/passwort_reset',
    headers: { kundennummer: '10001', basisUrl: server.config.passwordResetUrl },
  });
const linkUsable = async (server: TestServer, token: string) =>
  (
    await server.app.inject({
      method: 'POST',
      url: '/api/anschlussnutzer/passwort_reset_pruefen',
      headers: { token },
    })
  ).json<{ nutzbar: boolean }>().nutzbar;

describe('live links in the embedded database', () => {
  const work = mkdtempSync(join(tmpdir(), 'kp-mail-secrets-'));
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps no reset token in a backup or the data directory, and the mailed one works', async () => {
    const dataDir = join(work, 'sent', 'pgdata');
    const outboxDir = join(work, 'sent', 'outbox');
    const server = await startTestServer(
      'pglite',
      { mail: { outboxDir, keyFile: join(work, 'sent', 'mail.key') } },
      { dataDir },
    );
    servers.push(server);
    expect((await requestReset(server)).statusCode).toBe(200);
    await server.app.mailer.deliverDue();
    const token = tokenOf(outboxMails(outboxDir).at(-1));

    const backup = await buffer((await openBackup(server.db)).stream);
    const payload = backup.subarray(backup.indexOf('\n', backup.indexOf('\n') + 1) + 1);
    const tarball = gunzipSync(payload);
    expect(tarball.length).toBeGreaterThan(0);
    expect(tarball.includes(token)).toBe(false);
    expect(filesBelow(dataDir).some((bytes) => bytes.includes(token))).toBe(false);
    expect(await linkUsable(server, token)).toBe(true);
  }, 120_000);

  it('sends a mail written before a restart with a working link, by the key file (0600)', async () => {
    const dataDir = join(work, 'restart', 'pgdata');
    const outboxDir = join(work, 'restart', 'outbox');
    const keyFile = join(work, 'restart', 'mail.key');
    const first = await startTestServer(
      'pglite',
      { mail: { smtpUrl: 'smtp://127.0.0.1:1', outboxDir, keyFile } },
      { dataDir },
    );
    expect((await requestReset(first)).statusCode).toBe(200);
    // The mail server is down: the mail waits in the outbox.
    await first.app.mailer.deliverDue();
    await first.close();
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    const second = await startTestServer('pglite', { mail: { outboxDir, keyFile } }, { dataDir });
    servers.push(second);
    // Past the first retry's wait, well within the link's 60 minutes.
    second.clock.advanceSeconds(60);
    await second.app.mailer.deliverDue();
    const token = tokenOf(outboxMails(outboxDir).at(-1));
    expect(await linkUsable(second, token)).toBe(true);
  }, 120_000);
});
