import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on now (for a second listener of one server: BETRIEB_PORT). */
export function freePort(): Promise<number> {
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

export interface PortalServer {
  baseUrl: string;
  /** The server's DATA_DIR: without SMTP_URL its mails are files in `outbox/`. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The real server with the built web app on a free port and a fresh embedded database with the
 * demo accounts; `env` chooses the variant, the mail transport and the like.
 */
export async function startPortalServer(env: Record<string, string> = {}): Promise<PortalServer> {
  const server = await spawnPortalServer(env);
  await server.healthy;
  return server;
}

/** The same, answered as soon as the process runs: `healthy` settles once it serves. */
export async function spawnPortalServer(
  env: Record<string, string> = {},
  seconds = 60,
): Promise<PortalServer & { healthy: Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kundenportal-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server as `npm start` runs it: the bundle `npm run build` made (docs/decisions/002-server-runs-as-one-built-file.md).
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      // Every test logs in as one of five demo customers, two at a time: far more than the 20
      // logins a real customer makes in a quarter hour. The limit itself is a server test's.
      LOGINS_PER_QUARTER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const healthy = waitForHealth(`${baseUrl}/api/health`, server, seconds);
  // A failed start is reported to whoever awaits `healthy`; stop the process in any case.
  healthy.catch(() => stop());
  return { baseUrl, dataDir, healthy, stop };
}

/** Waits until the server of `baseUrl` serves (a server global-setup started in the background). */
export async function waitForPortalServer(baseUrl: string, seconds = 180) {
  await waitForHealth(`${baseUrl}/api/health`, { exitCode: null }, seconds);
}
