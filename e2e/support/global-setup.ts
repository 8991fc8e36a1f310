import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: { exitCode: number | null }, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not healthy after ${seconds} s`);
}

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
 * The real server with the built web app, on a free port, with a fresh embedded database, and
 * a real SMTP server that keeps every mail as a file. Workers find them through E2E_BASE_URL
 * and E2E_MAIL_DIR.
 */
export default async function globalSetup() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kundenportal-e2e-'));
  const mailDir = mkdtempSync(join(tmpdir(), 'kundenportal-e2e-mail-'));
  const smtp = startSmtpSink(mailDir);
  const smtpPort = await smtp.port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: baseUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`${baseUrl}/api/health`, server, 60);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    server.kill('SIGTERM');
    smtp.sink.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
}
