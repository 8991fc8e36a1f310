import type { Page } from '@playwright/test';
import { CONTRACTS, expect, loginHome, test } from '../support/fixtures';
import { openedCalendar } from '../support/keyboard';

const card = (page: Page, id: number) =>
  page.getByRole('article', { name: new RegExp(`Vertrag ${id}$`) });

test.describe('contract overview', () => {
  test('shows every contract of 10001 as a card by status', async ({ loggedIn: page }) => {
    await page.getByRole('link', { name: 'Verträge', exact: true }).first().click();
    await expect(page).toHaveURL('/vertraege');
    await expect(page.getByRole('article')).toHaveCount(4);
    await expect(card(page, CONTRACTS.maxDynamic)).toContainText('Aktiv');
    await expect(
      card(page, CONTRACTS.maxDynamic).getByRole('link', { name: /kündigen/ }),
    ).toBeVisible();
    await expect(card(page, CONTRACTS.maxEnded)).toContainText('Beendet');
    await expect(
      card(page, CONTRACTS.maxEnded).getByRole('link', { name: /kündigen/ }),
    ).toHaveCount(0);
    await expect(card(page, CONTRACTS.maxEnded)).toContainText('Lieferende 30.04.2022');
  });

  test('shows cancelled, ordered and voided contracts of 10002 without a cancel button', async ({
    page,
  }) => {
    await loginHome(page, '10002');
    await page.goto('/vertraege');
    await expect(page.getByRole('article')).toHaveCount(3);
    for (const status of ['Gekündigt', 'Beauftragt', 'Storniert']) {
      await expect(page.getByRole('article').filter({ hasText: status })).toHaveCount(1);
    }
    await expect(page.getByRole('link', { name: /kündigen/ })).toHaveCount(0);
    await expect(card(page, CONTRACTS.baeckereiCancelled)).toContainText(
      'Gewünschtes Lieferende 31.12.2026',
    );
  });

  test('says so when there are no contracts', async ({ page }) => {
    await loginHome(page, '10005');
    await page.goto('/vertraege');
    await expect(page.getByText('Es wurden keine Verträge im System gefunden.')).toBeVisible();
  });
});

test.describe('contract detail', () => {
  test('shows every section of the dynamic contract', async ({ loggedIn: page }) => {
    await page.goto('/vertraege');
    await card(page, CONTRACTS.maxDynamic)
      .getByRole('link', { name: /Details/ })
      .click();
    await expect(page).toHaveURL(`/vertrag/${CONTRACTS.maxDynamic}/detail`);
    for (const heading of [
      'Vertragsstammdaten',
      'Aktueller Tarif',
      'Letzte Ablesung',
      'Verbrauch',
      'Abweichende Rechnungsadresse',
      'Abweichende Bankverbindung',
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Musterstrom Dynamisch', { exact: true })).toBeVisible();
    await expect(page.getByText('Durchschnittlicher Arbeitspreis Vormonat (brutto)')).toBeVisible();
    await expect(page.getByText(/^\d+,\d{2} ct\/kWh$/).first()).toBeVisible();
    await expect(page.getByText('16.101,70 kWh')).toBeVisible();
    await expect(
      page.getByText('Für diesen Vertrag ist keine abweichende Rechnungsadresse hinterlegt.'),
    ).toBeVisible();
    await expect(
      page.getByText('Für diesen Vertrag ist keine abweichende Bankverbindung hinterlegt.'),
    ).toBeVisible();
    for (const action of [
      'Zählerstand erfassen',
      'Alle Ablesungen',
      'Tarifhistorie',
      'Preiszeitreihe',
      'Verbrauchshistorie',
    ]) {
      await expect(page.getByRole('link', { name: action })).toBeVisible();
    }
    // A card's reload shows only where its loading failed, not as a permanent button.
    await expect(page.getByRole('button', { name: /neu laden/ })).toHaveCount(0);
    let fail = true;
    await page.route(`**/api/vertrag/${CONTRACTS.maxDynamic}/ablesungen`, (route) =>
      fail
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' })
        : route.continue(),
    );
    await page.reload();
    const lastReading = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Letzte Ablesung', exact: true }) });
    await expect(lastReading.getByRole('alert')).toBeVisible();
    fail = false;
    await lastReading.getByRole('button', { name: 'Letzte Ablesung neu laden' }).click();
    await expect(lastReading.getByText('16.101,70 kWh')).toBeVisible();
    await expect(lastReading.getByRole('alert')).toHaveCount(0);
  });

  test('shows channels, night share and the contract address of the day/night contract', async ({
    loggedIn: page,
  }) => {
    await page.goto(`/vertrag/${CONTRACTS.maxDayNight}/detail`);
    await expect(page.getByText('Arbeitspreis NT (netto)')).toBeVisible();
    await expect(page.getByText('20,15 ct/kWh')).toBeVisible();
    await expect(page.getByText('35,00 %')).toBeVisible();
    await expect(page.getByText('Verbrauch Hochtarif (HT)')).toBeVisible();
    await expect(page.getByText('4.277,80 kWh')).toBeVisible();
    await expect(page.getByText('Postfach 1234')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verbrauchshistorie' })).toHaveCount(0);
  });

  test('shows the divergent bank account of the gas contract and no per-channel lines', async ({
    loggedIn: page,
  }) => {
    await page.goto(`/vertrag/${CONTRACTS.maxGas}/detail`);
    await expect(page.getByText('Erika Mustermann')).toBeVisible();
    // Masked as banks show it; "IBAN anzeigen" shows it whole and says it is shown.
    await expect(page.getByText('DE02 •••• •••• •••• 2051')).toBeVisible();
    await expect(page.getByText('DE02 1203 0000 0000 2020 51')).toHaveCount(0);
    const show = page.getByRole('button', { name: 'IBAN anzeigen' });
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await show.click();
    await expect(page.getByText('DE02 1203 0000 0000 2020 51')).toBeVisible();
    const hide = page.getByRole('button', { name: 'IBAN verbergen' });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(hide).toBeFocused();
    await hide.click();
    await expect(page.getByText('DE02 •••• •••• •••• 2051')).toBeVisible();
    await expect(page.getByText('Mustergas Komfort')).toBeVisible();
    await expect(page.getByText('Arbeitspreis (brutto)')).toBeVisible();
    await expect(page.getByText(/^Verbrauch 7-1/)).toHaveCount(0);
  });

  test("shows the details of 10002's cancelled, ordered and voided contracts", async ({ page }) => {
    await loginHome(page, '10002');
    const expectations: [number, string, string][] = [
      [CONTRACTS.baeckereiCancelled, 'Gekündigt', 'Gewünschtes Lieferende'],
      [CONTRACTS.baeckereiCancelled + 1, 'Beauftragt', 'Gewünschter Lieferbeginn'],
      [CONTRACTS.baeckereiCancelled + 2, 'Storniert', 'Gewünschter Lieferbeginn'],
    ];
    for (const [id, status, fact] of expectations) {
      await page.goto(`/vertrag/${id}/detail`);
      const masterData = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Vertragsstammdaten' }) });
      await expect(masterData.getByText(status, { exact: true })).toBeVisible();
      await expect(masterData.getByText(fact)).toBeVisible();
      await expect(masterData).toContainText('Sondervertragskunde');
    }
  });

  test('shows the last tariff of the ended contract, not the text for a missing one', async ({
    loggedIn: page,
  }) => {
    await page.goto(`/vertrag/${CONTRACTS.maxEnded}/detail`);
    await expect(
      page.locator('section').filter({ has: page.getByRole('heading', { name: 'Letzter Tarif' }) }),
    ).toContainText('Musterstrom Basis');
    await expect(
      page.getByText('Es ist kein Tarif für diesen Vertrag in unserem System hinterlegt'),
    ).toHaveCount(0);
  });

  test("answers another customer's contract with the not-found path", async ({
    loggedIn: page,
  }) => {
    for (const path of ['detail', 'tarifhistorie', 'kuendigen']) {
      await page.goto(`/vertrag/${CONTRACTS.baeckereiCancelled}/${path}`);
      await expect(page.getByRole('heading', { name: 'Not Found' }), path).toBeVisible();
      await expect(page.getByText('Muster Bäckerei')).toHaveCount(0);
    }
  });
});

test('tariff history splits current, future and previous tariffs', async ({ loggedIn: page }) => {
  await page.goto(`/vertrag/${CONTRACTS.maxDynamic}/detail`);
  await page.getByRole('link', { name: 'Tarifhistorie' }).click();
  await expect(
    page.getByRole('heading', { name: `Tarifhistorie für Vertrag ${CONTRACTS.maxDynamic}` }),
  ).toBeVisible();
  const section = (name: string) =>
    page.locator('section').filter({ has: page.getByRole('heading', { name }) });
  await expect(section('Aktueller Tarif')).toContainText('Musterstrom Dynamisch');
  await expect(section('Zukünftige Tarife')).toContainText('Musterstrom Dynamisch 2');
  await expect(section('Vorherige Tarife')).toContainText('Musterstrom Fix 24');
  await expect(section('Vorherige Tarife')).toContainText('bis 31.12.2024');
});

test('the date picker works by keyboard alone', async ({ loggedIn: page }) => {
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/kuendigen`);
  const dateButton = page.getByRole('button', { name: /Lieferende/ });
  await dateButton.focus();
  await page.keyboard.press('Enter');
  const calendar = await openedCalendar(page, 'Lieferende');
  await page.keyboard.press('Escape');
  await expect(calendar).toHaveCount(0);
  await expect(dateButton).toBeFocused();

  await page.keyboard.press('Enter');
  await openedCalendar(page, 'Lieferende');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toHaveCount(0);
  await expect(dateButton).not.toContainText('Datum wählen');
  await expect(dateButton).toBeFocused();
});
