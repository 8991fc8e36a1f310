import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { secureDataDir } from '../src/db/data-dir-modes';
import { createMailTransport } from '../src/mail/transport';
import { writeScheduledBackup } from '../src/modules/backup/schedule';
import { startTestServer, type TestServer } from './harness';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('files only the server user may read', () => {
  const work = mkdtempSync(join(tmpdir(), 'kp-file-modes-'));
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('writes scheduled backups 0600 into a 0700 folder, even one made 0755 before', async () => {
    const server = await startTestServer('pglite');
    servers.push(server);
    const dir = join(work, 'backups');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    const file = await writeScheduledBackup(
      server.db,
      { dir, everyHours: 24, keep: 2 },
      new Date(),
    );
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
  }, 120_000);

  it('writes outbox mails 0600 into a 0700 folder', async () => {
    const outboxDir = join(work, 'outbox');
    const transport = createMailTransport({ outboxDir });
    const file = await transport.send({
      from: 'portal@example.de',
      to: 'max.mustermann@example.de',
      subject: 'Betreff',
      text: 'Text',
      html: '<p>Text</p>',
    });
    transport.close();
    expect(modeOf(outboxDir)).toBe(0o700);
    expect(file && modeOf(file)).toBe(0o600);
  });

  it('gives the embedded database directory to its user alone: folders 0700, files 0600', () => {
    const dir = join(work, 'pgdata');
    mkdirSync(join(dir, 'global'), { recursive: true });
    writeFileSync(join(dir, 'pg_hba.conf'), 'local all all trust\n', { mode: 0o666 });
    writeFileSync(join(dir, 'global', '1262'), 'x', { mode: 0o666 });
    chmodSync(join(dir, 'pg_hba.conf'), 0o666);
    chmodSync(join(dir, 'global', '1262'), 0o666);
    chmodSync(join(dir, 'global'), 0o777);
    expect(secureDataDir(dir)).toBeGreaterThanOrEqual(3);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(dir, 'global'))).toBe(0o700);
    for (const file of ['pg_hba.conf', join('global', '1262')])
      expect(modeOf(join(dir, file))).toBe(0o600);
    expect(readdirSync(dir).length).toBe(2);
    expect(secureDataDir(dir)).toBe(0);
  });
});
