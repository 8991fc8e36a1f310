/**
 * npm run bench:login: the login page's weight and its first paint in both variants (median of
 * three Lighthouse runs each), each on a fresh embedded database of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loginPaintRows } from './login-paint';
import { measurePageWeight } from './page-weight';
import { startPortal } from './processes';
import { printTable, type Row } from './table';

const rows: Row[] = [];
for (const variant of ['standard', 'kuestenwerk']) {
  const dataDir = mkdtempSync(join(tmpdir(), `kundenportal-bench-${variant}-`));
  const portal = await startPortal({ DATA_DIR: dataDir, MANDANT: variant });
  try {
    const weight = await measurePageWeight(`${portal.origin}/anmelden`);
    rows.push({
      what: `/anmelden (${variant}): JavaScript and CSS transferred (kB)`,
      value: weight.scriptAndStyleBytes / 1000,
      targets: { max: 110 },
    });
    rows.push(...(await loginPaintRows(portal.origin, variant)));
  } finally {
    await portal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`);
process.exit(printTable(rows) ? 0 : 1);
