import { METER_LOAD_FAILED_MESSAGE, NO_CONTRACTS_FOR_METERS_MESSAGE } from '@kundenportal/contract';
import { CONTRACTS, expect, loginHome, test } from '../support/fixtures';

/** The reading screens as they read the demo data; readings.spec.ts (project "changes") adds readings. */

test('/ablesung without contracts says so (10005)', async ({ page }) => {
  await loginHome(page, '10005');
  await page.goto('/ablesung');
  await expect(page.getByText(NO_CONTRACTS_FOR_METERS_MESSAGE)).toBeVisible();
  await expect(page.getByLabel('Zähler', { exact: true })).toHaveCount(0);
});

test('/ablesung names a meter that failed to load and offers the others', async ({ page }) => {
  await loginHome(page, '10001');
  let failing = true;
  await page.route(`**/api/vertrag/${CONTRACTS.maxGas}/zaehler`, (route) =>
    failing ? route.fulfill({ status: 400, body: '' }) : route.fallback(),
  );
  await page.goto('/ablesung');
  await expect(
    page.getByRole('alert').filter({
      hasText: `Vertrag ${CONTRACTS.maxGas}: ${METER_LOAD_FAILED_MESSAGE}`,
    }),
  ).toBeVisible();
  const meters = page.getByLabel('Zähler', { exact: true }).locator('option');
  // "Bitte wählen" and the two that loaded; the ended contract offers no reading entry.
  await expect(meters).toHaveCount(3);
  failing = false;
  await page
    .getByRole('button', { name: `Zähler zu Vertrag ${CONTRACTS.maxGas} neu laden` })
    .click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(meters).toHaveCount(4);
  await expect(page.getByLabel('Zähler', { exact: true })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Ablesung übermitteln' })).toBeDisabled();
});

test('the contract detail leads to the reading form and the readings list', async ({ page }) => {
  await loginHome(page, '10001');
  await page.goto(`/vertrag/${CONTRACTS.maxDayNight}/detail`);
  await page.getByRole('link', { name: 'Zählerstand erfassen' }).click();
  await expect(page.getByLabel('Niedertarif (NT) 1-1:1.8.2')).toBeVisible();
  // the last reading of each register beside its field, with unit and day
  await expect(page.getByText('Letzter Stand: 10.402,90 kWh am 30.04.2025')).toBeVisible();
  await expect(page.getByText('kWh', { exact: true })).toHaveCount(2);
  await page.goto(`/vertrag/${CONTRACTS.maxDayNight}/detail`);
  await page.getByRole('link', { name: 'Alle Ablesungen' }).click();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: `Ablesungen für Vertrag ${CONTRACTS.maxDayNight}`,
    }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '30.04.2025' })).toContainText(
    'Hochtarif (HT): 24.688,00 kWh 1-1:1.8.1',
  );
});

test("another customer's contract has no reading screens", async ({ page }) => {
  await loginHome(page, '10001');
  for (const path of ['ablesung', 'ablesungen']) {
    await page.goto(`/vertrag/${CONTRACTS.baeckereiCancelled}/${path}`);
    await expect(page.getByRole('heading', { name: 'Not Found' }), path).toBeVisible();
    await expect(page.getByText('1EMH0012345678')).toHaveCount(0);
  }
});

test('a contract without a meter says so instead of a form (10002, ordered contract)', async ({
  page,
}) => {
  await loginHome(page, '10002');
  await page.goto(`/vertrag/${CONTRACTS.baeckereiCancelled + 1}/ablesung`);
  await expect(page.getByText('Für diesen Vertrag ist kein Zähler hinterlegt.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ablesung übermitteln' })).toHaveCount(0);
});

test('a contract without readings says so', async ({ page }) => {
  await loginHome(page, '10002');
  await page.goto(`/vertrag/${CONTRACTS.baeckereiCancelled + 1}/ablesungen`);
  await expect(page.getByText('Es wurden keine Ablesungen gefunden.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
