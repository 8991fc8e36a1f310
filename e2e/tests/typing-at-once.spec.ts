import type { Locator, Page } from '@playwright/test';
import { CONTRACTS, expect, expectNoAxeViolations, loginAt, test } from '../support/fixtures';
import { waitForPortalServer } from '../support/portal-server';
import { VARIANTS, WIDTHS } from '../support/variants';

/**
 * What a customer types the moment a form's field appears is still there once the screen is
 * ready: every form reachable by a link, opened as a customer opens it (the link followed, or the
 * mail's address for the reset page), the first text field typed into at once, and the value
 * checked after the screen has settled. Nothing is ever sent, so no demo data changes.
 *
 * The connection is slow (every request 400 ms late, as on a phone with poor signal): the next
 * page's code then arrives well after the click, and until it does the router keeps the page
 * that was left on screen. That page once took input, so what was typed into its "Kundennummer"
 * (the login page and the forgot-password page both have one, in the same place) vanished with
 * it when the next page replaced it.
 */

interface Form {
  name: string;
  /** Logged in as 10001, or a visitor. */
  customer: boolean;
  /** Where the customer is before following the link (or, for a mail's link, nothing). */
  from?: string;
  /** What takes the customer to the form: a link in the page, or the address itself. */
  open: (page: Page, baseUrl: string) => Promise<void>;
  heading: string | RegExp;
  field: (page: Page) => Locator;
  text: string;
  /** The form's submit, to tell that the screen is ready. */
  submit: string;
  /** Whether the typed text completes the form, so that its submit becomes enabled. */
  completes?: true;
}

const main = (page: Page) => page.getByRole('main');
const follow = (name: string) => async (page: Page) => {
  await main(page).getByRole('link', { name, exact: true }).click();
};

const FORMS: readonly Form[] = [
  {
    name: 'forgot password',
    customer: false,
    from: '/anmelden',
    open: follow('Passwort vergessen?'),
    heading: 'Passwort vergessen',
    field: (page) => page.getByLabel('Kundennummer'),
    text: '10001',
    submit: 'Senden',
    completes: true,
  },
  {
    name: 'login',
    customer: false,
    from: '/passwort/vergessen',
    open: follow('Zurück zur Anmeldung'),
    heading: 'Anmelden',
    field: (page) => page.getByLabel('Kundennummer'),
    text: '10001',
    submit: 'Anmelden',
  },
  {
    name: 'reset page',
    customer: false,
    // The mail's link; its check is answered as for a link that can still be used.
    open: async (page, baseUrl) => {
      await page.route('**/anschlussnutzer/passwort_reset_pruefen', (route) =>
        route.fulfill({ json: { nutzbar: true } }),
      );
      await page.goto(`${baseUrl}/passwort/erneuern?token=beispiel`, { waitUntil: 'commit' });
    },
    heading: 'Neues Passwort vergeben',
    field: (page) => page.getByLabel('Neues Passwort', { exact: true }),
    text: 'Neu-Passwort-2026!',
    submit: 'Passwort speichern',
  },
  {
    // The fields come filled with the customer's data. What the customer types replaces what
    // the field held (they select it first), and stays: the data's arrival or a later refresh
    // never puts the server's value back over it.
    name: 'contact data',
    customer: true,
    from: '/daten/uebersicht',
    open: follow('Kontaktdaten bearbeiten'),
    heading: 'Kontaktdaten bearbeiten',
    field: (page) => page.getByLabel('E-Mail (optional)'),
    text: 'neu@example.de',
    submit: 'Aktualisieren',
  },
  {
    name: 'billing address',
    customer: true,
    from: '/daten/uebersicht',
    open: follow('Rechnungsadresse bearbeiten'),
    heading: 'Neue Rechnungsadresse anlegen',
    field: (page) => page.getByLabel('Vorname'),
    text: 'Erika',
    submit: 'Speichern',
  },
  {
    name: 'bank details',
    customer: true,
    from: '/daten/uebersicht',
    open: follow('Bankverbindung bearbeiten'),
    heading: 'Neue Bankverbindung anlegen',
    field: (page) => page.getByLabel('Kontoinhaber'),
    text: 'Erika Mustermann',
    submit: 'Speichern',
  },
  {
    name: 'contact request',
    customer: true,
    from: '/',
    open: follow('Kontakt'),
    heading: 'Kontaktanfrage',
    field: (page) => page.getByLabel('Ihre Nachricht'),
    text: 'Bitte rufen Sie mich an.',
    submit: 'Senden',
  },
  {
    name: 'reading entry',
    customer: true,
    from: `/vertrag/${CONTRACTS.maxDayNight}/detail`,
    open: follow('Zählerstand erfassen'),
    heading: `Ablesung für Vertrag ${CONTRACTS.maxDayNight} erfassen`,
    field: (page) => page.getByLabel(/^Hochtarif \(HT\)/),
    text: '12345',
    submit: 'Ablesung übermitteln',
  },
  {
    name: 'cancellation',
    customer: true,
    from: '/vertraege',
    open: follow(`Vertrag kündigen (Vertrag ${CONTRACTS.maxGas})`),
    heading: `Vertrag ${CONTRACTS.maxGas} kündigen`,
    field: (page) => page.getByLabel('Weitere Angaben (optional)'),
    text: 'Ich ziehe um.',
    submit: 'Vertrag kündigen',
  },
  {
    name: 'password change',
    customer: true,
    from: '/',
    open: follow('Passwort ändern'),
    heading: 'Passwort ändern',
    field: (page) => page.getByLabel('Bisheriges Passwort'),
    text: 'Demo-2026!',
    submit: 'Passwort ändern',
  },
];

/** Every request of the page 400 ms late from here on, as on a phone with poor signal. */
async function slowConnection(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

for (const variant of VARIANTS) {
  for (const width of WIDTHS) {
    for (const form of FORMS) {
      test(`${variant.name}, ${width} px: ${form.name} keeps what is typed the moment its field appears`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        const baseUrl = variant.baseUrl();
        // The second variant's server may still be filling its demo data (global-setup).
        await waitForPortalServer(baseUrl);
        await page.setViewportSize({ width, height: 800 });
        if (form.customer) await loginAt(page, baseUrl, '10001', variant.terms);
        if (form.from) {
          await page.goto(`${baseUrl}${form.from}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('status').filter({ hasText: 'Wird geladen' })).toHaveCount(0);
        }
        await slowConnection(page);

        await form.open(page, baseUrl);
        // As a customer does: a tap into the field as soon as one shows, then the keys. A field
        // already filled is selected first, so that the typed text replaces it.
        const field = form.field(page);
        await field.click();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(form.text);

        // The screen settled: its heading, nothing loading, its submit in its final state.
        await expect(page.getByRole('heading', { level: 1, name: form.heading })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Wird geladen' })).toHaveCount(0);
        const submit = main(page).getByRole('button', { name: form.submit, exact: true });
        await expect(submit).toBeVisible();
        if (form.completes) await expect(submit).toBeEnabled();
        await expect(field).toHaveValue(form.text);
        // And the next key still goes into it: nothing took the focus away meanwhile.
        await expect(field).toBeFocused();
        await page.screenshot({ path: test.info().outputPath(`${form.name}-${width}.png`) });
        if (form.completes) await expectNoAxeViolations(page);
      });
    }
  }
}
