/** The portal and its peer as child processes of the bench, each on a free port of its own. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Running {
  origin: string;
  process: ChildProcess;
  /** Resident memory now and at its peak, in MiB, as the kernel counts it. */
  memory(): { rssMiB: number; peakMiB: number };
  stop(): Promise<void>;
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`Prozess beendet:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} antwortet nicht:\n${output()}`);
}

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/**
 * glibc's malloc thresholds fixed at 1 MiB, as `npm start` and the systemd unit start the portal:
 * the thread arenas then give a large body's memory back instead of keeping it
 * (docs/decisions/024-memory-goes-back-when-idle.md).
 */
const GLIBC_TUNABLES = 'glibc.malloc.mmap_threshold=1048576:glibc.malloc.trim_threshold=1048576';

async function start(
  script: string,
  env: NodeJS.ProcessEnv,
  readyPath: string,
  nodeFlags: string[],
): Promise<Running> {
  const port = await freePort();
  let output = '';
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, ...nodeFlags, script], {
    cwd: repoRoot,
    env: { GLIBC_TUNABLES, ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${origin}${readyPath}`, child, () => output);
  return {
    origin,
    process: child,
    memory: () => memoryOf(child.pid!),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The real server, as `npm start` runs it (the bundle of `npm run build`), logging to nowhere. */
export const startPortal = (env: {
  DATA_DIR: string;
  DATABASE_URL?: string;
  MANDANT?: string;
  /** Another build of the web app than apps/web/dist (`npm run bench:ab`). */
  WEB_DIST?: string;
  /** Any other variable of the server's (`npm run bench:memory`'s variants). */
  [variable: string]: string | undefined;
}) =>
  // The bench's database was seeded beforehand; DEMO_DATA keeps its demo series topped up.
  start('apps/server/dist/main.js', { ...env, DEMO_DATA: '1' }, '/api/health', []);

/** The peer: a bare Fastify answering `body` on every path. */
export const startBareFastify = (body: string) =>
  start('scripts/bench/bare-fastify.ts', { BARE_BODY: body }, '/', ['--import', 'tsx']);
