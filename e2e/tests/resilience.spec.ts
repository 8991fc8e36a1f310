import { CONTRACTS, eleventhOfLastMonth, expect, test } from '../support/fixtures';

const TECHNICAL_ERROR =
  'Es ist ein unerwarteter technischer Fehler aufgetreten, bitte kontaktieren Sie den Kundenservice.';

test('a 5xx shows the message of spec §8.1, and the card reloads once the server is back', async ({
  loggedIn: page,
}) => {
  // The server cannot be made to fail on purpose; the browser answers for it, once.
  const consumption = `**/api/vertrag/${CONTRACTS.maxDayNight}/verbraeuche`;
  await page.route(consumption, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"intern"}' }),
  );
  await page.goto(`/vertrag/${CONTRACTS.maxDayNight}/detail`);
  const card = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Verbrauch', exact: true }) });
  await expect(card.getByRole('alert')).toHaveText(TECHNICAL_ERROR);
  await expect(page.getByText('intern')).toHaveCount(0);

  await page.unroute(consumption);
  await card.getByRole('button', { name: 'Verbrauch neu laden' }).click();
  await expect(card.getByText('4.277,80 kWh')).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);
});

test('requests of a screen the customer leaves are aborted and ignored', async ({
  loggedIn: page,
}) => {
  const slow = `**/api/vertrag/${CONTRACTS.maxGas}/verbraeuche`;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(slow, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  const aborted = page.waitForEvent('requestfailed', (request) =>
    request.url().includes('/verbraeuche'),
  );

  await page.goto(`/vertrag/${CONTRACTS.maxGas}/detail`);
  await expect(page.getByRole('heading', { name: 'Vertragsstammdaten' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Dokumente' })
    .click();
  await expect(page).toHaveURL('/dokumente');

  expect((await aborted).failure()?.errorText).toContain('ERR_ABORTED');
  release();
  await expect(page.getByRole('heading', { name: 'Dokumente', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a cancellation the server refuses stays on the form with what was chosen', async ({
  loggedIn: page,
}) => {
  // The server refuses dates before its own minimum; the browser plays a server whose day is later.
  const message = 'Das Lieferende darf frühestens am 31.12.2099 liegen.';
  await page.route(`**/api/vertrag/${CONTRACTS.maxGas}/kuendigen`, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ message, felder: { datum: message } }),
    }),
  );
  // The calendar opens on the month of the earliest day; on 27 November, say, that is 1 December,
  // and no day of the month shown is disabled. On the 11th the days before it are.
  await page.clock.setFixedTime(eleventhOfLastMonth());
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/kuendigen`);
  await page.getByLabel('Kündigungsgrund').selectOption({ label: 'Sonderkündigung' });
  await page.getByRole('button', { name: /Lieferende/ }).click();
  // The earliest day is known once the holidays have arrived: the days before it are disabled.
  await expect(
    page.getByRole('dialog').getByRole('button', { disabled: true }).first(),
  ).toBeVisible();
  await page
    .getByRole('dialog')
    .getByRole('button', { disabled: false })
    .filter({ hasText: /^\d+$/ })
    .first()
    .click();
  await page.getByLabel('Weitere Angaben (optional)').fill('Bitte zum Monatsende.');
  await page.getByRole('button', { name: 'Vertrag kündigen' }).click();

  // The refusal names the date: it shows at the date field, not a second time in an Alert.
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(`/vertrag/${CONTRACTS.maxGas}/kuendigen`);
  await expect(page.getByLabel('Kündigungsgrund')).toHaveValue('SONDERKUENDIGUNG');
  await expect(page.getByLabel('Weitere Angaben (optional)')).toHaveValue('Bitte zum Monatsende.');
  await expect(page.getByRole('button', { name: /Lieferende/ })).not.toContainText('Datum wählen');
  await expect(page.getByText(message)).toHaveCount(1);
});
