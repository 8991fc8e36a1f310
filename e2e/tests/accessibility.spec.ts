import { expect, expectNoAxeViolations, login, test } from '../support/fixtures';

test.describe('axe finds no violation', () => {
  for (const width of [390, 1280]) {
    test(`on the login page at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/anmelden');
      await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    for (const path of ['/passwort/vergessen', '/passwort/erneuern?token=beispiel']) {
      test(`on ${path} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }

    test(`on the landing page at ${width} px`, async ({ loggedIn: page }) => {
      await page.setViewportSize({ width, height: 800 });
      await expectNoAxeViolations(page);
    });
  }

  test('on the password change page with feedback and strength bar', async ({ loggedIn: page }) => {
    await page.goto('/passwort/aendern');
    await page.getByLabel('Bisheriges Passwort').fill('kurz');
    await page.getByLabel('Neues Passwort', { exact: true }).fill('abcdefg1');
    await page.getByLabel('Neues Passwort wiederholen').fill('abcdefg2');
    await expect(page.getByRole('meter')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on the login page with an error', async ({ page }) => {
    await login(page, '10002', 'Falsches-Passwort');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on the blocked page', async ({ page }) => {
    await login(page, '10004');
    await expect(page).toHaveURL('/portal/gesperrt');
    await expectNoAxeViolations(page);
  });
});

test.describe('axe finds no violation on the contract screens', () => {
  for (const width of [390, 1280]) {
    for (const path of [
      '/vertraege',
      '/vertrag/5000001/detail',
      '/vertrag/5000002/tarifhistorie',
      '/vertrag/5000002/kuendigen',
      '/dokumente',
      '/passwort/aendern',
      '/vertrag/5000001/verbrauchshistorie',
      '/vertrag/5000001/verbrauch',
      '/vertrag/5000002/verbrauch',
      '/vertrag/5000001/preiszeitreihe',
      '/preiszeitreihe',
    ]) {
      test(`${path} at ${width} px`, async ({ loggedIn: page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Wird geladen' })).toHaveCount(0);
        await expectNoAxeViolations(page);
      });
    }
  }

  test('the cancellation form with its calendar open', async ({ loggedIn: page }) => {
    await page.goto('/vertrag/5000002/kuendigen');
    await page.getByLabel('Kündigungsgrund').selectOption({ label: 'Anbieterwechsel' });
    await page.getByRole('button', { name: /Lieferende/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('axe finds no violation on the reading screens', () => {
  for (const width of [390, 1280]) {
    for (const path of [
      '/ablesung?zaehler=1APX5523001',
      '/vertrag/5000003/ablesung',
      '/vertrag/5000001/ablesungen',
    ]) {
      test(`${path} at ${width} px`, async ({ loggedIn: page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Wird geladen' })).toHaveCount(0);
        if (path.includes('ablesung?') || path.endsWith('/ablesung')) {
          await page.getByLabel('Zählerstand 1-1:1.8.1').fill('1234567');
          await expect(page.getByText(/höchstens 6 Vorkommastellen/).first()).toBeVisible();
        } else {
          await expect(page.getByRole('table')).toBeVisible();
        }
        await expectNoAxeViolations(page);
      });
    }
  }
});

test.describe('axe finds no violation on the customer data screens', () => {
  for (const width of [390, 1280]) {
    for (const path of [
      '/daten/uebersicht',
      '/kontakt/editieren',
      '/rechnungsadresse/editieren',
      '/rechnungsadressen',
      '/vertrag/5000003/rechnungsadressen',
      '/vertrag/5000001/rechnungsadresse/editieren',
      '/bankverbindung/editieren',
      '/bankverbindungen',
      '/vertrag/5000002/bankverbindungen',
      '/vertrag/5000002/bankverbindungen/editieren',
      '/kontaktanfrage',
      '/kontaktanfrageOk',
    ]) {
      test(`${path} at ${width} px`, async ({ loggedIn: page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Wird geladen' })).toHaveCount(0);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(width);
        await expectNoAxeViolations(page);
      });
    }
  }

  test('the confirm step and refused input on the customer forms', async ({ loggedIn: page }) => {
    await page.goto('/vertrag/5000002/bankverbindungen');
    await page.getByRole('button', { name: /^Bankverbindung beenden/ }).click();
    await expect(page.getByRole('button', { name: 'Ja' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Nein' }).click();

    await page.goto('/bankverbindung/editieren');
    await page.getByLabel('IBAN').fill('DE88370400440532013000');
    await expect(page.getByText('Die IBAN ist ungültig.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/kontaktanfrage');
    await page.getByLabel('Ihre Nachricht').fill('zu kurz');
    await expect(
      page.getByText('Die Nachricht muss mindestens 20 Zeichen lang sein.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the overview of 10005 with every empty state', async ({ page }) => {
    await login(page, '10005');
    await expect(page.getByText('Angemeldet als')).toBeVisible();
    await page.goto('/daten/uebersicht');
    await expect(page.getByText('Bei uns ist noch keine Bankverbindung hinterlegt.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
