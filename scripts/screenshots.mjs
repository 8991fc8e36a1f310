/**
 * `npm run screenshots [folder]`: every screen of spec §2 at 390 and 1280 px, in both variants,
 * as a visitor and as 10001, 10002 and 10005 where it applies, into one folder (default
 * `screenshots/`, git-ignored) with an index page to look through them side by side. It runs
 * e2e/tests/every-screen.spec.ts against the freshly built portal, so the pictures are of the
 * screens the checks (no sideways scrolling, axe) ran on.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const folder = resolve(process.argv[2] ?? join(repoRoot, 'screenshots'));
const WIDTHS = [390, 1280];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
if (run('node', ['scripts/ensure-debian-packages.mjs', 'chromium']) !== 0) process.exit(1);
if (run('npm', ['run', 'build']) !== 0) process.exit(1);
// A failed check (axe, sideways scrolling) still leaves its pictures: they show what failed.
const checks = run(
  'npm',
  ['test', '-w', '@kundenportal/e2e', '--', 'tests/every-screen.spec.ts', '--project', 'screens'],
  { E2E_SCREENSHOTS: folder },
);

const escape = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** The screens of one folder (variant/who), each with its picture per width. */
function screensIn(dir) {
  const byScreen = new Map();
  for (const file of readdirSync(dir).sort()) {
    const match = /^(.+)-(\d+)\.png$/.exec(file);
    if (!match) continue;
    const [, screen, width] = match;
    if (!byScreen.has(screen)) byScreen.set(screen, {});
    byScreen.get(screen)[width] = relative(folder, join(dir, file));
  }
  return byScreen;
}

const sections = [];
let count = 0;
for (const variant of readdirSync(folder, { withFileTypes: true }).filter((e) => e.isDirectory())) {
  for (const who of readdirSync(join(folder, variant.name))) {
    const screens = screensIn(join(folder, variant.name, who));
    const rows = [...screens].map(([screen, pictures]) => {
      const cells = WIDTHS.map((width) => {
        const path = pictures[width];
        count += path ? 1 : 0;
        return path
          ? `<td><a href="${escape(path)}"><img src="${escape(path)}" alt="${escape(screen)} bei ${width} px" loading="lazy" width="${width === 390 ? 195 : 480}"></a></td>`
          : '<td>–</td>';
      });
      return `<tr><th scope="row">${escape(screen)}</th>${cells.join('')}</tr>`;
    });
    sections.push(
      `<section><h2>${escape(variant.name)} · ${escape(who === 'visitor' ? 'nicht angemeldet' : who)}</h2>` +
        `<table><thead><tr><th scope="col">Seite</th>${WIDTHS.map((w) => `<th scope="col">${w} px</th>`).join('')}</tr></thead>` +
        `<tbody>${rows.join('')}</tbody></table></section>`,
    );
  }
}

writeFileSync(
  join(folder, 'index.html'),
  `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Kundenportal – alle Seiten</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border-top:1px solid #ccc;padding:.5rem;vertical-align:top;text-align:left}img{border:1px solid #999;height:auto}</style>
</head><body><h1>Kundenportal – alle Seiten</h1><p>${count} Bildschirmfotos vom ${new Date().toLocaleString('de-DE', { timeZone: 'Europe/Berlin' })} Uhr.</p>${sections.join('')}</body></html>\n`,
);
console.log(`${count} Bildschirmfotos: ${join(folder, 'index.html')}`);
process.exit(checks);
