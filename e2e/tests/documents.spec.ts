import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';

test('lists the documents and downloads the real PDF under its file name', async ({
  loggedIn: page,
}) => {
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Dokumente' })
    .click();
  await expect(page).toHaveURL('/dokumente');
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(7); // header and six documents
  const invoice = rows.filter({ hasText: 'Jahresabrechnung Strom 2025' });
  await expect(invoice).toContainText('Rechnung');
  await expect(invoice).toContainText('5000001');
  await expect(invoice).toContainText('14.01.2026, 07:45 Uhr');

  const downloading = page.waitForEvent('download');
  await invoice.getByRole('button', { name: /herunterladen/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Jahresabrechnung_Strom_2025.pdf');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
