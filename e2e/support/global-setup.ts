import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, spawnPortalServer, startPortalServer } from './portal-server';

/** The SMTP sink of support/smtp-sink.ts in its own process; resolves with its port. */
function startSmtpSink(mailDir: string) {
  const sink = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/smtp-sink.ts'], {
    cwd: repoRoot,
    env: { ...process.env, MAIL_DIR: mailDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = new Promise<number>((resolve, reject) => {
    sink.once('exit', (code) => reject(new Error(`SMTP sink exited with ${code}`)));
    sink.stdout.on('data', (chunk: Buffer) => {
      const match = /SMTP (\d+)/.exec(chunk.toString());
      if (match?.[1]) resolve(Number(match[1]));
    });
  });
  return { sink, port };
}

/**
 * The real server of the standard variant with a real SMTP server that keeps every mail as a
 * file, and a server of the second variant (Küstenwerk) for its screens. That one is started
 * once the first serves and fills its demo data while the first tests run; its tests wait for
 * it (waitForPortalServer). Workers find them through E2E_BASE_URL, E2E_KUESTENWERK_URL and
 * E2E_MAIL_DIR.
 */
export default async function globalSetup() {
  const mailDir = mkdtempSync(join(tmpdir(), 'kundenportal-e2e-mail-'));
  const smtp = startSmtpSink(mailDir);
  const server = await startPortalServer({ SMTP_URL: `smtp://127.0.0.1:${await smtp.port}` });
  const kuestenwerk = await spawnPortalServer({ MANDANT: 'kuestenwerk' }, 300);
  kuestenwerk.healthy.catch((error: unknown) => console.error('Küstenwerk-Server:', error));
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_KUESTENWERK_URL = kuestenwerk.baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    await Promise.all([server.stop(), kuestenwerk.stop()]);
    smtp.sink.kill('SIGTERM');
    rmSync(mailDir, { recursive: true, force: true });
  };
}
