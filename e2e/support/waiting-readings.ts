/**
 * What the specs of readings kept offline share: the gas meter they read, the text of a kept
 * reading, the list of waiting ones, a photo and the service worker in control.
 */
import type { Page } from '@playwright/test';

export const GAS_METER = '7ELS8123456';
export const GAS = '7-1:3.0.0';
export const DAY_MS = 86_400_000;
export const KEPT =
  'Ihre Ablesung ist auf diesem Gerät gespeichert und wird gesendet, sobald eine Verbindung besteht.';

/** The German calendar day `daysBack` days ago, yyyy-mm-dd. */
export const germanDay = (daysBack: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() - daysBack * DAY_MS),
  );

export const waitingList = (page: Page) =>
  page.getByRole('region', { name: 'Wartende Ablesungen' });

/** Once the service worker has taken over the page: from then on it keeps the page. */
export const controlledByServiceWorker = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null);

/** A small real PNG drawn by the browser. */
export const drawPng = async (page: Page) =>
  Buffer.from(
    await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#5a4a3a';
      context.fillRect(0, 0, 64, 48);
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((result) => resolve(result!), 'image/png'),
      );
      return [...new Uint8Array(await blob.arrayBuffer())];
    }),
  );
