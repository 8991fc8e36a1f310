/**
 * What a browser transfers for one page of the portal: the JavaScript and CSS as they come over
 * the wire (compressed), counted by Chromium itself, and which files they are.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/playwright.config';

export interface PageWeight {
  scriptAndStyleBytes: number;
  files: { url: string; bytes: number }[];
}

export async function measurePageWeight(url: string): Promise<PageWeight> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const types = new Map<string, { url: string; type: string }>();
    const files: { url: string; bytes: number }[] = [];
    cdp.on('Network.responseReceived', (event) =>
      types.set(event.requestId, { url: event.response.url, type: event.type }),
    );
    cdp.on('Network.loadingFinished', (event) => {
      const seen = types.get(event.requestId);
      if (seen && (seen.type === 'Script' || seen.type === 'Stylesheet')) {
        files.push({ url: new URL(seen.url).pathname, bytes: event.encodedDataLength });
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    files.sort((a, b) => b.bytes - a.bytes);
    return { scriptAndStyleBytes: files.reduce((sum, file) => sum + file.bytes, 0), files };
  } finally {
    await browser.close();
  }
}
