import { expect, test } from '../support/fixtures';

/**
 * What a visitor's browser fetches for the login page: the app and its page, compressed, with
 * the variant written into the page. The weight in bytes is the bench's to measure (npm run
 * bench); here, that the libraries only logged-in screens use stay away, whatever they weigh.
 */
test('the login page comes compressed, with its variant, without libraries of other screens', async ({
  page,
}) => {
  const requests: { path: string; encoding: string | undefined; type: string; bytes: number }[] =
    [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    requests.push({
      path: url.pathname,
      encoding: response.headers()['content-encoding'],
      type: response.request().resourceType(),
      bytes: Number(response.headers()['content-length'] ?? Infinity),
    });
  });
  await page.goto('/anmelden');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(requests.map((request) => request.path)).not.toContain('/api/mandant');
  const code = requests.filter((request) => ['script', 'stylesheet'].includes(request.type));
  expect(code.length).toBeGreaterThan(0);
  for (const request of code) {
    expect(request.path, 'a library of other screens').not.toMatch(
      /\/(zod|forms|chart-setup|date-picker)-/,
    );
    // Below a kilobyte the headers of a compressed answer outweigh what it saves.
    if (request.bytes >= 1024) expect(request.encoding, request.path).toBe('br');
  }
  const document = requests.find((request) => request.type === 'document');
  expect(document?.encoding).toBe('br');
});
