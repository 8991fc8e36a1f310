/**
 * A screen's load as 10001 in Debian's Chromium, as the page benches see it: the session in the
 * page's storage before its first load, an empty cache, the CPU slowed down, and the trace of the
 * load with the renderer's main thread's tasks.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { SESSION_STORAGE_KEY } from '@kundenportal/contract';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/** What Lighthouse's blocking time counts of a task: its time over 50 ms. */
export const LONG_TASK_US = 50_000;

/** The renderer's main thread: the one that ran the most task time. */
function mainThreadTasks(events: TraceEvent[]) {
  const tasks = events.filter((event) => event.name === 'RunTask' && event.ph === 'X');
  const busy = new Map<string, number>();
  for (const task of tasks) {
    const thread = `${task.pid}:${task.tid}`;
    busy.set(thread, (busy.get(thread) ?? 0) + task.dur!);
  }
  const [main] = [...busy].sort((a, b) => b[1] - a[1])[0]!;
  return tasks.filter((task) => `${task.pid}:${task.tid}` === main).sort((a, b) => a.ts - b.ts);
}

/** The main thread's time over 50 ms a task, in all (ms). */
export const blockingMs = (tasks: TraceEvent[]) =>
  tasks.reduce((sum, task) => sum + Math.max(0, task.dur! - LONG_TASK_US), 0) / 1000;

/**
 * Loads `path` as 10001 with the CPU `slowdown` times slower, traced until the network is idle.
 * `around` runs its first part before the load and returns what runs after it (the V8 profiler).
 */
export async function traceLoad<T>(
  browser: Browser,
  origin: string,
  path: string,
  slowdown: number,
  around: (cdp: CDPSession) => Promise<() => Promise<T>> = async () => async () => undefined as T,
): Promise<{ tasks: TraceEvent[]; events: TraceEvent[]; after: T }> {
  const login = await fetch(`${origin}/api/anschlussnutzer/login`, {
    method: 'POST',
    headers: { kundennummer: '10001', passwort: 'Demo-2026!' },
  });
  const session = {
    token: login.headers.get('token'),
    ablaufdatum: new Date(Date.now() + Number(login.headers.get('ttl')) * 1000).toISOString(),
    kundennummer: '10001',
  };
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
  });
  try {
    await context.addInitScript(
      ([key, value]) =>
        // Runs in the page; this project's scripts are typed without the DOM.
        (
          globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
        ).localStorage.setItem(key, value),
      [SESSION_STORAGE_KEY, JSON.stringify(session)] as const,
    );
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await browser.startTracing(page, {
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    const finish = await around(cdp);
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    const after = await finish();
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    return { tasks: mainThreadTasks(traceEvents), events: traceEvents, after };
  } finally {
    await context.close();
  }
}
