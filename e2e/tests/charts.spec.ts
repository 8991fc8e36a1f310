import type { Page, Worker } from '@playwright/test';
import { CONTRACTS, expect, test } from '../support/fixtures';

const PRICE_SERIES = `/vertrag/${CONTRACTS.maxDynamic}/preiszeitreihe`;

interface Drawn {
  /** Every font set on a canvas, beside what the canvas made of it. */
  fonts: { asked: string; got: string }[];
  /** Every text written on a canvas, in order. */
  texts: string[];
}

/**
 * The chart worker, with a record of what it draws: its file is served with a few lines before
 * it that note every font and text its canvases get. A font a canvas refuses (as "12px inherit")
 * leaves it on 10px sans-serif without an error.
 */
async function recordedChartWorker(page: Page): Promise<Worker> {
  await page.route('**/assets/chart-worker-*.js', async (route) => {
    const response = await route.fetch();
    const record = `{
      const drawn = { fonts: [], texts: [] };
      self.drawn = drawn;
      const prototype = OffscreenCanvasRenderingContext2D.prototype;
      const font = Object.getOwnPropertyDescriptor(prototype, 'font');
      Object.defineProperty(prototype, 'font', { ...font, set(asked) {
        font.set.call(this, asked);
        drawn.fonts.push({ asked, got: font.get.call(this) });
      } });
      const fillText = prototype.fillText;
      prototype.fillText = function (text, ...rest) {
        drawn.texts.push(String(text));
        return fillText.call(this, text, ...rest);
      };
    }\n`;
    await route.fulfill({ response, body: record + (await response.text()) });
  });
  return page.waitForEvent('worker', (worker) => /\/chart-worker-/.test(worker.url()));
}

/** The price series at 1280 px, with the chart worker's record of what it drew. */
async function priceSeriesRecorded(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const worker = recordedChartWorker(page);
  await page.goto(PRICE_SERIES);
  return worker;
}

const drawnBy = (worker: Worker) =>
  worker.evaluate(() => (self as unknown as { drawn: Drawn }).drawn);
const forgetDrawn = (worker: Worker) =>
  worker.evaluate(() => {
    (self as unknown as { drawn: Drawn }).drawn.texts.length = 0;
  });

const TOOLTIP_PRICE = /^Arbeitspreis in Cent\/kWh \(brutto\): \d+,\d+$/;

test("draws ticks and legends at 12 px in the page's font, not the canvas's 10 px", async ({
  loggedIn: page,
}) => {
  const worker = recordedChartWorker(page);
  await page.goto(`/vertrag/${CONTRACTS.maxDynamic}/verbrauch`);
  const chartWorker = await worker;
  await expect.poll(async () => (await drawnBy(chartWorker)).fonts.length).toBeGreaterThan(0);
  const { fonts, texts } = await drawnBy(chartWorker);
  expect(fonts.filter(({ got }) => got.startsWith('10px sans-serif'))).toEqual([]);
  expect(fonts.some(({ got }) => got.startsWith('12px'))).toBe(true);
  expect(texts).toContain('Hochgerechnet auf 365 Tage (kWh)');
});

test('answers the pointer: the hour under it in a tooltip, gone when it leaves', async ({
  loggedIn: page,
}) => {
  const chartWorker = await priceSeriesRecorded(page);
  const chart = page.getByRole('img', { name: /^Arbeitspreis in Cent\/kWh/ });
  await expect(chart).toBeVisible();
  await expect.poll(async () => (await drawnBy(chartWorker)).texts).toContain('Cent/kWh');
  await forgetDrawn(chartWorker);

  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
  await expect
    .poll(async () => (await drawnBy(chartWorker)).texts.filter((text) => TOOLTIP_PRICE.test(text)))
    .toHaveLength(1);

  await forgetDrawn(chartWorker);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
  // Drawn again without it: the axis's title is there, the tooltip's price is not.
  await expect.poll(async () => (await drawnBy(chartWorker)).texts).toContain('Cent/kWh');
  expect((await drawnBy(chartWorker)).texts.filter((text) => TOOLTIP_PRICE.test(text))).toEqual([]);
});

test('draws again at a new width: every sixth hour labelled when wide, every twelfth when narrow', async ({
  loggedIn: page,
}) => {
  const chartWorker = await priceSeriesRecorded(page);
  await expect.poll(async () => (await drawnBy(chartWorker)).texts).toContain('18:00');

  await forgetDrawn(chartWorker);
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(async () => (await drawnBy(chartWorker)).texts).toContain('12:00');
  const narrow = (await drawnBy(chartWorker)).texts;
  expect(narrow).not.toContain('18:00');
  expect(narrow).not.toContain('06:00');
});

test('draws on the page where a browser cannot hand a canvas to a worker', async ({
  loggedIn: page,
}) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  // Such a browser, and a record of every font its page's canvases get.
  await page.addInitScript(() => {
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
    const fonts: { asked: string; got: string }[] = [];
    Object.assign(window, { chartFonts: fonts });
    const font = Object.getOwnPropertyDescriptor(CanvasRenderingContext2D.prototype, 'font')!;
    Object.defineProperty(CanvasRenderingContext2D.prototype, 'font', {
      ...font,
      set(this: CanvasRenderingContext2D, asked: string) {
        font.set!.call(this, asked);
        fonts.push({ asked, got: font.get!.call(this) as string });
      },
    });
  });
  await page.goto(`/vertrag/${CONTRACTS.maxDynamic}/verbrauch`);
  const fonts = () =>
    page.evaluate(
      () => (window as unknown as { chartFonts: { asked: string; got: string }[] }).chartFonts,
    );
  await expect.poll(async () => (await fonts()).length).toBeGreaterThan(0);
  const set = await fonts();
  expect(set.filter(({ got }) => got.startsWith('10px sans-serif'))).toEqual([]);
  expect(set.some(({ got }) => got.startsWith('12px'))).toBe(true);
  expect(workers.filter((url) => /\/chart-worker-/.test(url))).toEqual([]);
});
