/**
 * npm run bench:profile -- <path> [slowdown]: where a screen's main thread goes while it loads,
 * task by task, for the tasks that Lighthouse's blocking time counts (over 50 ms). The current
 * build on the demo data, 10001's session in the page before its first load, an empty cache and
 * the CPU slowed down (4× unless given, as Lighthouse). Each long task is printed with the
 * functions that take most of it, counted from the samples of V8's profiler with what they call:
 * names are the bundle's, so build the web app without minifying first for readable ones
 * (docs/performance.md, "Profiling a screen").
 */
import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/playwright.config';
import { blockingMs, LONG_TASK_US, traceLoad } from './page-load';
import { prepareBenchDatabase } from './prepare-database';
import { startPortal } from './processes';

const [path = '/', slowdown = '4'] = process.argv.slice(2);
const FUNCTIONS_PER_TASK = 12;

type Profile = Awaited<ReturnType<typeof stopProfiler>>;

const stopProfiler = async (cdp: CDPSession) => (await cdp.send('Profiler.stop')).profile;

/**
 * Per function (name, file, line), how many of the task's samples it was on the stack for; per
 * script file, how many it was running itself.
 */
function functionsOnStack(profile: Profile, from: number, to: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const counts = new Map<string, number>();
  const ownByFile = new Map<string, number>();
  let samples = 0;
  let time = profile.startTime;
  profile.samples!.forEach((id, index) => {
    time += profile.timeDeltas![index]!;
    if (time < from || time > to) return;
    samples++;
    const file =
      nodes.get(id)!.callFrame.url.split('/').pop() || nodes.get(id)!.callFrame.functionName;
    ownByFile.set(file, (ownByFile.get(file) ?? 0) + 1);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const { functionName, url, lineNumber } = nodes.get(node)!.callFrame;
      const name = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
      if (functionName === '(root)' || seen.has(name)) continue;
      seen.add(name);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  });
  return { samples, counts, ownByFile };
}

const database = await prepareBenchDatabase(0, undefined);
const portal = await startPortal(database.env);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const { tasks, after: profile } = await traceLoad(
    browser,
    portal.origin,
    path,
    Number(slowdown),
    async (cdp) => {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      return () => stopProfiler(cdp);
    },
  );
  const start = tasks[0]!.ts;
  console.log(`${path}, CPU ${slowdown}× langsamer: Aufgaben über 50 ms`);
  for (const task of tasks.filter((each) => each.dur! > LONG_TASK_US)) {
    const { samples, counts, ownByFile } = functionsOnStack(profile, task.ts, task.ts + task.dur!);
    const share = (count: number) => `${Math.round((count / samples) * 100)} %`;
    console.log(
      `\n${Math.round((task.ts - start) / 1000)} ms: ${Math.round(task.dur! / 1000)} ms (${samples} samples)`,
    );
    const files = [...ownByFile].sort((a, b) => b[1] - a[1]).slice(0, 5);
    if (samples > 0)
      console.log(
        `  itself: ${files.map(([file, count]) => `${file} ${share(count)}`).join(', ')}`,
      );
    for (const [name, count] of [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, FUNCTIONS_PER_TASK))
      console.log(`  ${share(count).padStart(5)}  ${name}`);
  }
  console.log(`\nÜber 50 ms hinaus, zusammen: ${Math.round(blockingMs(tasks))} ms`);
} finally {
  await browser.close();
  await portal.stop();
  await database.drop();
}
