import type { Page, Request } from '@playwright/test';
import {
  FUTURE_READING_DATE_MESSAGE,
  FALLING_METER_EXPLANATION,
  FALLING_METER_LABEL,
  formatDate,
  formatFileSize,
  formatMeterReading,
  formatNumber,
  PHOTO_TYPE_MESSAGE,
  READING_ACCEPTED_MESSAGE,
  READING_DECIMAL_POINT_MESSAGE,
  readingValueMessage,
} from '@kundenportal/contract';
import { CONTRACTS, expect, expectNoAxeViolations, loginHome, test } from '../support/fixtures';
import { activate, loginByKeyboard, tabTo, typeInto } from '../support/keyboard';
import { receivedMails } from '../support/mailbox';

const DYNAMIC_METER = '1ESY1160512345';
const DAY_NIGHT_METER = '1APX5523001';
const DAY_MS = 86_400_000;

/** The German calendar day `daysBack` days ago, YYYY-MM-DD. */
const germanDay = (daysBack: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() - daysBack * DAY_MS),
  );
const daysSince = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;
/** "16.150,5" for the form. */
const typed = (value: number, decimals: number) => value.toFixed(decimals).replace('.', ',');

/**
 * Values that follow each meter's history, so that every reading these tests store is plausible
 * whatever order the tests run in.
 */
const dynamicValue = (day: string) => 16101.7 + 8.5 * daysSince('2025-12-31', day);
const dayValue = (day: string) => 24688.0 + 11.5 * daysSince('2025-04-30', day);
const nightValue = (day: string) => 10402.9 + 6 * daysSince('2025-04-30', day);

/**
 * The browser lives `daysBack` days in the past: the form's date (today at most, today by
 * default) is then that day, and each test stores its reading on a day of its own.
 */
async function liveDaysAgo(page: Page, daysBack: number) {
  await page.clock.setFixedTime(new Date(Date.now() - daysBack * DAY_MS));
}

/** A real JPEG drawn by the browser: a meter-like picture, with grain when it is large. */
async function makeJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#3a4a5a');
      gradient.addColorStop(1, '#c8d0d8');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#111';
      context.fillRect(w * 0.2, h * 0.4, w * 0.6, h * 0.2);
      context.fillStyle = '#fff';
      context.font = `${Math.round(h / 8)}px monospace`;
      context.fillText('0 1 6 1 5 0', w * 0.25, h * 0.55);
      if (w * h > 1_000_000) {
        // Sensor grain, as a phone photo has: it is what makes such photos large.
        const image = context.getImageData(0, 0, w, h);
        for (let i = 0; i < image.data.length; i += 4) {
          const grain = (Math.random() - 0.5) * 40;
          image.data[i] = image.data[i]! + grain;
          image.data[i + 1] = image.data[i + 1]! + grain;
          image.data[i + 2] = image.data[i + 2]! + grain;
        }
        context.putImageData(image, 0, 0);
      }
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((result) => resolve(result!), 'image/jpeg', 0.92),
      );
      const url = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsDataURL(blob);
      });
      return url.slice(url.indexOf(',') + 1);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** The JPEG with an EXIF block naming the camera, as every phone photo carries one. */
function withExif(jpeg: Buffer, camera: string): Buffer {
  const value = Buffer.from(`${camera}\0`, 'latin1');
  const tiff = Buffer.alloc(26 + value.length);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4); // IFD0 right after the header
  tiff.writeUInt16LE(1, 8); // one entry: Make (0x010F), ASCII, stored after the IFD
  tiff.writeUInt16LE(0x010f, 10);
  tiff.writeUInt16LE(2, 12);
  tiff.writeUInt32LE(value.length, 14);
  tiff.writeUInt32LE(26, 18);
  tiff.writeUInt32LE(0, 22); // no further IFD
  value.copy(tiff, 26);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xe1]),
    length,
    payload,
    jpeg.subarray(2),
  ]);
}

const isReadingPost = (request: Request) =>
  request.method() === 'POST' && /\/api\/vertrag\/\d+\/ablesungen$/.test(request.url());

for (const [round, width] of [390, 1280].entries()) {
  test.describe(`readings at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('a one-channel reading with a photo via /ablesung?zaehler=, listed and confirmed by mail', async ({
      page,
    }) => {
      const daysBack = 2 + round;
      const day = germanDay(daysBack);
      const value = typed(dynamicValue(day), 1);
      await liveDaysAgo(page, daysBack);
      await loginHome(page, '10001');
      const photo = withExif(await makeJpeg(page, 800, 600), 'Testkamera');
      await page.goto(`/ablesung?zaehler=${DYNAMIC_METER}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Ablesung erfassen' }),
      ).toBeVisible();

      await expect(page.getByLabel('Zähler', { exact: true })).toHaveValue(
        `${CONTRACTS.maxDynamic}:${DYNAMIC_METER}`,
      );
      await expect(page.getByLabel('Zähler', { exact: true }).locator('option:checked')).toHaveText(
        `${DYNAMIC_METER} (Vertrag ${CONTRACTS.maxDynamic})`,
      );
      await expect(page.getByRole('button', { name: /Ablesedatum/ })).toContainText(
        new RegExp(`^${Number(day.slice(8))}\\.`),
      );
      const field = page.getByLabel('Zählerstand', { exact: true });
      await expect(field).toHaveAttribute('inputmode', 'decimal');
      await expect(field).toHaveAttribute('placeholder', '000000,0');
      await expect(page.getByText(readingValueMessage(6, 1))).toBeVisible();
      await field.fill(value);

      await page
        .getByLabel('Foto auswählen')
        .setInputFiles({ name: 'zaehler.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(page.getByRole('img', { name: 'Vorschau: zaehler.jpg' })).toBeVisible();
      await expect(page.getByText(formatFileSize(photo.length), { exact: true })).toBeVisible();

      const posted = page.waitForRequest(isReadingPost);
      await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
      const body = (await posted).postDataJSON() as { foto?: string };
      // Drawn anew at its own size: a JPEG still, without the camera's EXIF block.
      const sent = Buffer.from(body.foto!, 'base64');
      expect(sent.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      expect(photo.includes('Testkamera')).toBe(true);
      expect(sent.includes('Exif')).toBe(false);
      expect(sent.includes('Testkamera')).toBe(false);

      await expect(page).toHaveURL(`/vertrag/${CONTRACTS.maxDynamic}/ablesungen`);
      await expect(page.getByText(READING_ACCEPTED_MESSAGE)).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: formatDate(day) });
      await expect(row).toContainText(DYNAMIC_METER);
      await expect(row).toContainText(formatMeterReading('1-1:1.8.0', dynamicValue(day), 1));
      await expect(row).toContainText('Kunde');
      await expect(row).toContainText('mit Foto');

      // The customer can look at the photo again, in a dialog that Escape closes.
      const show = row.getByRole('button', {
        name: `Foto ansehen (Ablesung vom ${formatDate(day)})`,
      });
      await show.click();
      const dialog = page.getByRole('dialog', { name: `Foto der Ablesung vom ${formatDate(day)}` });
      const image = dialog.getByRole('img', {
        name: `Foto des Zählers ${DYNAMIC_METER} vom ${formatDate(day)}`,
      });
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
      await expect(dialog.getByRole('button', { name: 'Foto speichern' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(show).toBeFocused();

      // The confirmation goes through the outbox to the SMTP server of global-setup.
      const confirmation = () =>
        receivedMails().find(
          (mail) => mail.text.includes(DYNAMIC_METER) && mail.text.includes(formatDate(day)),
        );
      await expect.poll(() => confirmation() !== undefined, { timeout: 15_000 }).toBe(true);
      const mail = confirmation()!.text;
      expect(mail).toMatch(/^To: max.mustermann@example.de$/m);
      expect(mail).toContain(`Zählerstand: ${formatNumber(dynamicValue(day), 1)}\u00a0kWh`);
      expect(mail).not.toContain('Foto');
    });

    test('a two-channel reading with a 12-megapixel photo, sent under 1 MB', async ({ page }) => {
      test.setTimeout(90_000);
      const daysBack = 4 + round;
      const day = germanDay(daysBack);
      await liveDaysAgo(page, daysBack);
      await loginHome(page, '10001');
      const photo = await makeJpeg(page, 4000, 3000);
      expect(photo.length).toBeGreaterThan(1_000_000);
      await page.goto(`/vertrag/${CONTRACTS.maxDayNight}/ablesung`);
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: `Ablesung für Vertrag ${CONTRACTS.maxDayNight} erfassen`,
        }),
      ).toBeVisible();
      await expect(page.getByText(`Zähler ${DAY_NIGHT_METER}`)).toBeVisible();
      await page.getByLabel('Hochtarif (HT) 1-1:1.8.1').fill(typed(dayValue(day), 1));
      await page.getByLabel('Niedertarif (NT) 1-1:1.8.2').fill(typed(nightValue(day), 1));

      const chooser = page.getByLabel('Foto auswählen');
      await expect(chooser).toHaveAttribute('accept', 'image/png,image/jpeg');
      await expect(page.getByLabel('Foto aufnehmen')).toHaveAttribute('capture', 'environment');
      await chooser.setInputFiles({ name: 'handyfoto.jpg', mimeType: 'image/jpeg', buffer: photo });
      const preview = page.getByRole('img', { name: 'Vorschau: handyfoto.jpg' });
      await expect(preview).toBeVisible({ timeout: 30_000 });
      // "4,1 MB → 367 kB": the size as chosen and as it will be sent
      await expect(page.getByText(formatFileSize(photo.length))).toContainText(
        /→\s*verkleinert auf \d+ kB$/,
      );
      expect(
        await preview.evaluate((image: HTMLImageElement) =>
          Math.max(image.naturalWidth, image.naturalHeight),
        ),
      ).toBeLessThanOrEqual(2048);
      if (width === 390) {
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          ),
        ).toBe(true);
      }
      await expectNoAxeViolations(page);

      const posted = page.waitForRequest(isReadingPost);
      await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
      const body = (await posted).postDataJSON() as {
        foto: string;
        ablesewerte: Record<string, number>;
      };
      const sent = Buffer.from(body.foto, 'base64');
      expect(sent.length).toBeLessThan(1_000_000);
      expect(sent.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
      expect(body.ablesewerte['1-1:1.8.2']).toBeCloseTo(nightValue(day), 1);

      await expect(page.getByText(READING_ACCEPTED_MESSAGE)).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: formatDate(day) });
      await expect(row).toContainText(
        `Hochtarif (HT): ${formatMeterReading('1-1:1.8.1', dayValue(day), 1)} 1-1:1.8.1`,
      );
      await expect(row).toContainText(
        `Niedertarif (NT): ${formatMeterReading('1-1:1.8.2', nightValue(day), 1)} 1-1:1.8.2`,
      );
    });

    test('refuses too many digits, a text file and a future date, keeping the input', async ({
      page,
    }) => {
      // The browser's clock runs a day ahead of the server's: its today is the server's tomorrow.
      await page.clock.setFixedTime(new Date(Date.now() + DAY_MS));
      const value = typed(dynamicValue(germanDay(-1)), 1);
      await loginHome(page, '10001');
      const photo = await makeJpeg(page, 640, 480);
      await page.goto(`/vertrag/${CONTRACTS.maxDynamic}/ablesung`);
      const field = page.getByLabel('Zählerstand', { exact: true });
      const submit = page.getByRole('button', { name: 'Ablesung übermitteln' });

      await field.fill('1234567,0');
      await expect(
        page.locator('.field-feedback').getByText(readingValueMessage(6, 1)),
      ).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(submit).toBeDisabled();
      await field.fill('17000,55');
      await expect(submit).toBeDisabled();
      await field.fill(value);
      await expect(submit).toBeEnabled();

      await page.getByLabel('Foto auswählen').setInputFiles({
        name: 'zaehler.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('Dies ist kein Foto, sondern Text.'),
      });
      await expect(page.getByText(PHOTO_TYPE_MESSAGE)).toBeVisible();
      await expect(submit).toBeDisabled();
      await expect(field).toHaveValue(value);
      await page
        .getByLabel('Foto auswählen')
        .setInputFiles({ name: 'richtig.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(page.getByRole('img', { name: 'Vorschau: richtig.jpg' })).toBeVisible();
      await expect(page.getByText(PHOTO_TYPE_MESSAGE)).toHaveCount(0);

      await submit.click();
      const alert = page.getByRole('alert').filter({ hasText: FUTURE_READING_DATE_MESSAGE });
      await expect(alert).toBeVisible();
      await expect(alert).toBeFocused();
      await expect(page).toHaveURL(`/vertrag/${CONTRACTS.maxDynamic}/ablesung`);
      await expect(field).toHaveValue(value);
      await expect(page.getByRole('img', { name: 'Vorschau: richtig.jpg' })).toBeVisible();
      await expect(
        page.locator('.field-feedback').getByText(FUTURE_READING_DATE_MESSAGE),
      ).toBeVisible();
    });
  });
}

test('"5.300" is refused with the reason, never sent as 5,3 (gas meter with 3 decimals)', async ({
  page,
}) => {
  await loginHome(page, '10001');
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/ablesungen')) posted.push(request.url());
  });
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/ablesung`);
  const field = page.getByLabel('Zählerstand', { exact: true });
  const submit = page.getByRole('button', { name: 'Ablesung übermitteln' });
  await expect(field).toHaveAttribute('placeholder', '00000,000');

  // On the meter it reads five thousand three hundred; "5,300" would fit the channel as 5,3.
  for (const value of ['5.300', '5.300,5', '5300.']) {
    await field.fill(value);
    await expect(
      page.locator('.field-feedback').getByText(READING_DECIMAL_POINT_MESSAGE),
    ).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue(value);
    await expect(submit).toBeDisabled();
  }
  await field.fill('5300');
  await expect(page.getByText(READING_DECIMAL_POINT_MESSAGE)).toHaveCount(0);
  await expect(submit).toBeEnabled();
  expect(posted).toEqual([]);
});

test('an implausible value is warned about, can be corrected, then confirmed and stored', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const daysBack = 6;
  const day = germanDay(daysBack);
  await liveDaysAgo(page, daysBack);
  await loginHome(page, '10001');
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/ablesung`);
  const field = page.getByLabel('Zählerstand', { exact: true });
  await expect(field).toHaveAttribute('placeholder', '00000,000');
  await field.fill('99999,999');
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();

  const warning = page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Angaben.' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('weit über dem erwarteten Zählerstand');
  await expectNoAxeViolations(page);
  await warning.getByRole('button', { name: 'Eingabe korrigieren' }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('99999,999');

  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(warning).toBeVisible();
  await page.getByRole('button', { name: 'Zählerstand bestätigen und übermitteln' }).click();
  await expect(page.getByText(READING_ACCEPTED_MESSAGE)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: formatDate(day) });
  await expect(row).toContainText('99.999,999');
  await expect(row).toContainText('ohne Foto');
});

test('a value below the last reading is warned about and confirmed (ended contract, 1280 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The ended contract took readings until 30.04.2022: the browser lives in March 2022.
  await page.clock.setFixedTime(new Date('2022-03-15T10:00:00+01:00'));
  await loginHome(page, '10001');
  await page.goto(`/vertrag/${CONTRACTS.maxEnded}/ablesung`);
  await page.getByLabel('Zählerstand', { exact: true }).fill('3000,0');
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Angaben.' });
  await expect(warning).toContainText(
    'ist kleiner als der letzte Zählerstand 4.501,00 vom 31.01.2021',
  );
  // One submit, which now says that it confirms
  await expect(page.getByRole('button', { name: 'Ablesung übermitteln' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Zählerstand bestätigen und übermitteln' }).click();
  await expect(page.getByText(READING_ACCEPTED_MESSAGE)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '15.03.2022' })).toContainText(
    '3.000,00 kWh',
  );

  // The fallen meter is a period without consumption, never a negative or extrapolated one.
  await page.goto(`/vertrag/${CONTRACTS.maxEnded}/verbrauch`);
  const table = page.getByRole('table', { name: 'Verbräuche je Ablesezeitraum' });
  const fallen = table.getByRole('row').filter({ hasText: FALLING_METER_LABEL });
  await expect(fallen).toHaveCount(1);
  await expect(fallen).toContainText('31.01.2021');
  await expect(fallen).toContainText('15.03.2022');
  await expect(page.getByText(FALLING_METER_EXPLANATION)).toBeVisible();
  expect(await page.getByRole('main').textContent()).not.toMatch(/[-−]\s?\d/);
});

test('a reading with a photo by keyboard alone, the file chosen through the file dialog', async ({
  page,
}) => {
  const daysBack = 8;
  const day = germanDay(daysBack);
  await liveDaysAgo(page, daysBack);
  await loginByKeyboard(page, '10001');
  const photo = await makeJpeg(page, 800, 600);
  await activate(page, page.getByRole('main').getByRole('link', { name: 'Zählerstand erfassen' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Ablesung erfassen' })).toBeVisible();

  const meter = page.getByLabel('Zähler', { exact: true });
  await tabTo(page, meter);
  await page.keyboard.press('ArrowDown');
  await expect(meter).toHaveValue(`${CONTRACTS.maxDynamic}:${DYNAMIC_METER}`);
  await typeInto(
    page,
    page.getByLabel('Zählerstand', { exact: true }),
    typed(dynamicValue(day), 1),
  );

  await tabTo(page, page.getByLabel('Foto auswählen'));
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'zaehler.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('img', { name: 'Vorschau: zaehler.jpg' })).toBeVisible();

  await activate(page, page.getByRole('button', { name: 'Ablesung übermitteln' }));
  await expect(page).toHaveURL(`/vertrag/${CONTRACTS.maxDynamic}/ablesungen`);
  await expect(page.getByText(READING_ACCEPTED_MESSAGE)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: formatDate(day) });
  await expect(row).toContainText(formatMeterReading('1-1:1.8.0', dynamicValue(day), 1));
  await expect(row).toContainText('mit Foto');
});
