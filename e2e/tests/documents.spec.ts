import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';

test('lists the documents by title and downloads the real PDF under its file name', async ({
  loggedIn: page,
}) => {
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Dokumente' })
    .click();
  await expect(page).toHaveURL('/dokumente');
  const rows = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(rows).toHaveCount(6);
  const invoice = rows.filter({
    has: page.getByRole('heading', { name: 'Jahresabrechnung Strom 2025' }),
  });
  await expect(invoice).toContainText('Rechnung · Vertrag 5000001');
  await expect(invoice).toContainText(/PDF · \d+ kB · 14\.01\.2026/);

  const downloading = page.waitForEvent('download');
  await invoice
    .getByRole('button', { name: 'Herunterladen Jahresabrechnung Strom 2025', exact: true })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Jahresabrechnung_Strom_2025.pdf');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The size the list names is the size of the file the customer gets.
  await expect(invoice).toContainText(`PDF · ${Math.round(bytes.length / 1000)} kB`);
});
