/**
 * The real server as a child process, as `npm start -w @kundenportal/server` runs it, on a free
 * port: for the tests that kill, stop and restart what is under it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { passwordHeader } from './harness';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Variables of the test's own environment that would change what the child does. */
const INHERITED_OUT = [
  'DATABASE_URL',
  'SMTP_URL',
  'PORT',
  'HOST',
  'DATA_DIR',
  'PUBLIC_URL',
  'DEMO_DATA',
];

/** The public address the child believes it has: reset links must name its reset page. */
export const CHILD_PUBLIC_URL = 'http://portal.test';

export interface ServerProcess {
  pid: number;
  url: string;
  /** Everything the process wrote so far, stdout and stderr, for failure messages. */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  signal(signal: NodeJS.Signals): void;
}

const running = new Set<ChildProcess>();

/** Starts the server and resolves once it listens; rejects with its output if it ends first. */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !INHERITED_OUT.includes(name)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...base,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: CHILD_PUBLIC_URL,
      // The tests log in as the demo customers, on PostgreSQL too.
      DEMO_DATA: '1',
      ...env,
    },
    // A group of its own: afterAll kills it whatever happened, and a Ctrl-C of the test run
    // does not reach it before the test has.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /Kundenportal: http:\/\/localhost:(\d+)/.exec(output);
      if (listening && child.pid !== undefined) {
        clearTimeout(timer);
        resolve({
          pid: child.pid,
          url: `http://127.0.0.1:${listening[1]}`,
          output: () => output,
          exited,
          signal: (signal) => child.kill(signal),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server ended (${code ?? signal}) before it listened:\n${output}`));
    });
  });
}

/** Kills every server process still running, with its group: for afterAll, also after a failure. */
export function killServerProcesses() {
  for (const child of running) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface Answer {
  status: number;
  /** Parsed JSON, or the text when the body is none. */
  body: unknown;
  headers: Headers;
  ms: number;
}

export type SessionHeaders = { token: string; kundennummer: string };

/** Plain HTTP to a server process; every call gives up after `timeoutMs`. */
export function httpClient(url: string, timeoutMs = 10_000) {
  async function call(
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return {
      status: response.status,
      body,
      headers: response.headers,
      ms: performance.now() - started,
    };
  }
  return {
    call,
    login: (kundennummer: string, password: string) =>
      call('POST', '/api/anschlussnutzer/login', {
        headers: { kundennummer, passwort: passwordHeader(password) },
      }),
    /** A session of the customer, or a failure naming the answer. */
    async session(kundennummer = '10001', password = 'Demo-2026!'): Promise<SessionHeaders> {
      const answer = await call('POST', '/api/anschlussnutzer/login', {
        headers: { kundennummer, passwort: passwordHeader(password) },
      });
      const token = answer.headers.get('token');
      if (answer.status !== 200 || !token)
        throw new Error(
          `login of ${kundennummer}: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      return { token, kundennummer };
    },
  };
}
