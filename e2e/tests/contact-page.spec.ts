import { readFileSync } from 'node:fs';
import { expect, expectNoAxeViolations, loginAt, test } from '../support/fixtures';
import { waitForPortalServer } from '../support/portal-server';
import { VARIANTS } from '../support/variants';

const variantFile = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../config/mandanten/${name}.json`, import.meta.url), 'utf8'),
  ) as { kontaktAntwortzeit: string; firma: { telefon: string; servicezeiten: string } };

/**
 * The contact page names the variant's service phone, its hours and when an answer comes; a
 * double click on "Senden" sends one request. The server's answer is the test's own (held until
 * both clicks are made), so nothing is written to the shared demo data.
 */
for (const variant of VARIANTS) {
  for (const width of [390, 1280]) {
    test(`${variant.name} at ${width} px: the contact page says how to call and when an answer comes; a double click sends once`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const { kontaktAntwortzeit, firma } = variantFile(variant.name);
      await page.setViewportSize({ width, height: 900 });
      const baseUrl = variant.baseUrl();
      await waitForPortalServer(baseUrl);
      await loginAt(page, baseUrl, '10001', variant.terms);
      await page.goto(`${baseUrl}/kontaktanfrage`);
      await expect(page.getByRole('heading', { name: 'Kontaktanfrage' })).toBeVisible();
      await expect(page.getByText(kontaktAntwortzeit)).toBeVisible();
      await expect(
        page.getByText(
          `Lieber telefonisch? Unser Kundenservice ist unter ${firma.telefon} für Sie da: ${firma.servicezeiten}.`,
        ),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: firma.telefon })).toHaveAttribute(
        'href',
        `tel:${firma.telefon.replace(/[^\d+]/g, '')}`,
      );
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`kontaktanfrage-${width}.png`) });

      let sent = 0;
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/anschlussnutzer/kontaktanfrage', async (route) => {
        sent += 1;
        await answered;
        await route.fulfill({ status: 201, headers: { ttl: '1800' }, json: { anfrageNr: 4711 } });
      });
      await page.getByLabel('Betreff').selectOption({ label: 'Sonstiges' });
      await page.getByLabel('Ihre Nachricht').fill('Bitte rufen Sie mich wegen meines Zählers an.');
      // Both clicks in one task, as a fast double tap can come: no render between them.
      await page.getByRole('button', { name: 'Senden' }).evaluate((button: HTMLElement) => {
        button.click();
        button.click();
      });
      answer();
      await expect(page.getByText('Ihre Anfrage wurde erfolgreich übermittelt.')).toBeVisible();
      expect(sent).toBe(1);
    });
  }
}
