import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startPortalServer } from './portal-server';

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
 * file. Workers find them through E2E_BASE_URL and E2E_MAIL_DIR.
 */
export default async function globalSetup() {
  const mailDir = mkdtempSync(join(tmpdir(), 'kundenportal-e2e-mail-'));
  const smtp = startSmtpSink(mailDir);
  const server = await startPortalServer({ SMTP_URL: `smtp://127.0.0.1:${await smtp.port}` });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    await server.stop();
    smtp.sink.kill('SIGTERM');
    rmSync(mailDir, { recursive: true, force: true });
  };
}
