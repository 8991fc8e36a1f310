import AxeBuilder from '@axe-core/playwright';
import { axeViolations, expect, expectNoAxeViolations, login, test } from '../support/fixtures';

/**
 * axe on states a screen reaches only through input: feedback, errors, an open calendar, a
 * confirm step. Every screen as it opens is checked by every-screen.spec.ts.
 */
test.describe('axe finds no violation', () => {
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

  test('the cancellation form with its calendar open', async ({ loggedIn: page }) => {
    await page.goto('/vertrag/5000002/kuendigen');
    await page.getByLabel('Kündigungsgrund').selectOption({ label: 'Anbieterwechsel' });
    await page.getByRole('button', { name: /Lieferende/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the reading forms with a value that has too many digits', async ({ loggedIn: page }) => {
    for (const path of ['/ablesung?zaehler=1APX5523001', '/vertrag/5000003/ablesung']) {
      await page.goto(path);
      await page.getByLabel('Hochtarif (HT) 1-1:1.8.1').fill('1234567');
      await expect(page.getByText(/höchstens 6 Vorkommastellen/).first()).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

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
});

test('loading shows the heading and the layout as skeletons, axe-clean at both widths', async ({
  loggedIn: page,
}) => {
  const screens = [
    {
      path: '/vertrag/5000003/ablesung',
      held: '**/api/vertrag/5000003/zaehler',
      heading: 'Ablesung für Vertrag 5000003 erfassen',
      loaded: page.getByLabel('Hochtarif (HT) 1-1:1.8.1'),
    },
    {
      path: '/vertrag/5000001/verbrauchshistorie',
      held: '**/api/vertrag/5000001/historie?**',
      heading: 'Verbrauchshistorie für Vertrag 5000001',
      loaded: page.getByText('Verbrauch im Zeitraum', { exact: true }).first(),
    },
  ];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const screen of screens) {
      // The answer waits until the skeleton has been checked.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(screen.held, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Wird geladen …' })).toBeVisible();
      await expectNoAxeViolations(page);
      release();
      await expect(screen.loaded).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Wird geladen …' })).toHaveCount(0);
      await page.unroute(screen.held);
    }
  }
});

test('the in-page axe run finds what AxeBuilder finds', async ({ page }) => {
  await page.goto('/anmelden');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Three faults of the kinds the rules are for: no name, low contrast, a name without its text.
  await page.evaluate(() => {
    document.querySelector('main')!.insertAdjacentHTML(
      'beforeend',
      `<button type="button"></button>
       <p style="color:#bbb;background:#fff">kaum lesbar</p>
       <button type="button" aria-label="Absenden">Weiter</button>`,
    );
  });
  const found = await axeViolations(page);
  const builder = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(found.map((line) => line.split(':')[0])).toEqual(
    expect.arrayContaining(['button-name', 'color-contrast', 'label-content-name-mismatch']),
  );
  expect(found).toEqual(
    builder.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  );
});
