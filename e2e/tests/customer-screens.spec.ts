import {
  eleventhOfLastMonth,
  expect,
  germanDays,
  germanDayName,
  loginHome,
  test,
} from '../support/fixtures';
import { activate } from '../support/keyboard';

/** Screens of the customer's data that read only: empty states, hints and refused input. */

test.describe('10005 without addresses and bank details', () => {
  test('the overview shows every empty state and its hints', async ({ page }) => {
    await loginHome(page, '10005');
    await page.getByRole('link', { name: 'Datenübersicht' }).first().click();
    await expect(page).toHaveURL('/daten/uebersicht');
    await expect(page.getByRole('heading', { level: 1, name: 'Datenübersicht' })).toBeVisible();
    await expect(page.getByText('10005', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Es wurde keine aktuelle Rechnungsadresse bei uns im System gefunden.'),
    ).toBeVisible();
    await expect(
      page.getByText('Es wurde keine aktuelle Bankverbindung bei uns im System gefunden.'),
    ).toBeVisible();
    // The none-registered hint says what to do, in the same box as the text above.
    await expect(
      page.getByText(
        'Bei uns ist noch keine Rechnungsadresse hinterlegt. Mit „Rechnungsadresse bearbeiten“ hinterlegen Sie eine.',
      ),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Bei uns ist noch keine Bankverbindung hinterlegt. Mit „Neue Bankverbindung anlegen“ hinterlegen Sie eine.',
      ),
    ).toBeVisible();
    await expect(page.locator('.alert')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Neue Bankverbindung anlegen' })).toBeVisible();

    await page.getByRole('link', { name: 'Alle Rechnungsadressen anzeigen' }).click();
    await expect(page.getByText('Es sind keine Rechnungsadressen hinterlegt.')).toBeVisible();
    await page.goto('/bankverbindungen');
    await expect(page.getByText('Es sind keine Bankverbindungen hinterlegt.')).toBeVisible();
  });

  test('the address form starts empty and says so', async ({ page }) => {
    await loginHome(page, '10005');
    await page.goto('/rechnungsadresse/editieren');
    await expect(page.getByText('Das Formular ist leer.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Straße' })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  });
});

test.describe('10001 reading its data', () => {
  test('the overview shows customer data, current address and bank, and the hints', async ({
    loggedIn: page,
  }) => {
    await page.goto('/daten/uebersicht');
    await expect(page.getByText('Musterweg 12a')).toBeVisible();
    await expect(page.getByText('Commerzbank')).toBeVisible();
    await expect(page.getByText('DE89 •••• •••• •••• 3000')).toBeVisible();
    await expect(page.getByText('DE89 3704 0044 0532 0130 00')).toHaveCount(0);
    await activate(page, page.getByRole('button', { name: 'IBAN anzeigen' }));
    await expect(page.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
    await expect(
      page.getByText(
        'Für einzelne Verträge sind zusätzlich abweichende Rechnungsadressen hinterlegt. Sie finden sie bei den jeweiligen Verträgen.',
      ),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Für einzelne Verträge sind zusätzlich abweichende Bankverbindungen hinterlegt. Sie finden sie bei den jeweiligen Verträgen.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kontaktdaten bearbeiten' })).toBeVisible();
    await page.getByRole('link', { name: 'Alle Rechnungsadressen anzeigen' }).click();
    // Earlier, current, future and contract-specific addresses stay listed.
    for (const street of ['Alte Gasse 7/1', 'Musterweg 12a', 'Neue Allee 8-10', 'Postfach 1234'])
      await expect(page.getByText(street)).toBeVisible();
  });

  test('refuses a 65-character local part in the e-mail', async ({ loggedIn: page }) => {
    await page.goto('/kontakt/editieren');
    const email = page.getByLabel('E-Mail');
    await expect(email).toHaveValue(/@/);
    await email.fill(`${'a'.repeat(65)}@example.de`);
    await expect(page.getByText('Die angegebene Email ist ungültig.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeDisabled();
    await email.fill(`${'a'.repeat(64)}@example.de`);
    // A valid new address still needs the current password before it can be sent.
    await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeDisabled();
    await page.getByLabel('Aktuelles Passwort').fill('Demo-2026!');
    await expect(page.getByRole('button', { name: 'Aktualisieren' })).toBeEnabled();
    await page.getByRole('button', { name: 'Leeren (Festnetz)' }).click();
    await expect(page.getByLabel('Festnetz')).toHaveValue('');
  });

  test('refuses a 3-digit postal code, the house number "12 A" and a date of today', async ({
    loggedIn: page,
  }) => {
    // Today and tomorrow in one month of the calendar: not so on the last day of a month.
    const fixed = eleventhOfLastMonth();
    await page.clock.setFixedTime(fixed);
    const { today, tomorrow } = germanDays(fixed);
    await page.goto('/rechnungsadresse/editieren');
    // The current address is the starting point.
    await expect(page.getByRole('textbox', { name: 'Straße' })).toHaveValue('Musterweg');
    await page.getByLabel('Postleitzahl').fill('123');
    await page.getByLabel('Postleitzahl').blur();
    await expect(
      page.getByText('Die Postleitzahl muss aus 4 oder 5 Ziffern bestehen.'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Hausnummer' }).fill('12 A');
    await page.getByRole('textbox', { name: 'Hausnummer' }).blur();
    await expect(page.getByText('Die Hausnummer ist ungültig.')).toBeVisible();
    await page.getByRole('button', { name: /^Gültig ab/ }).click();
    await expect(
      page
        .getByRole('dialog')
        .getByRole('button', { name: new RegExp(`\\b${germanDayName(today)}`) }),
    ).toBeDisabled();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(`\\b${germanDayName(tomorrow)}`) })
      .click();
    await expect(page.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await page.getByLabel('Postleitzahl').fill('12345');
    await page.getByRole('textbox', { name: 'Hausnummer' }).fill('12a');
    await expect(page.getByRole('button', { name: 'Speichern' })).toBeEnabled();
    // Postfach hides street and house number.
    await page.getByRole('radio', { name: 'Postfach' }).check();
    await expect(page.getByRole('textbox', { name: 'Straße' })).toHaveCount(0);
  });

  test('checks the IBAN after a pause and fills BIC and bank name read-only', async ({
    loggedIn: page,
  }) => {
    await page.goto('/bankverbindung/editieren');
    await page.getByLabel('Kontoinhaber').fill('Ma');
    await page.getByLabel('Kontoinhaber').blur();
    await expect(
      page.getByText('Der Kontoinhaber muss mindestens 3 Zeichen lang sein.'),
    ).toBeVisible();
    const iban = page.getByLabel('IBAN');
    await iban.fill('88 3704 0044 0532 0130 00');
    await expect(page.getByText('Die IBAN ist ungültig.')).toBeVisible();
    await expect(page.getByLabel('BIC')).toHaveValue('');
    await iban.fill('DE89 3704 0044 0532 0130 00');
    await expect(page.getByLabel('BIC')).toHaveValue('COBADEFFXXX');
    await expect(page.getByLabel('Bankname')).toHaveValue('Commerzbank');
    await expect(page.getByLabel('BIC')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel(/Lastschrifteinzug erlaubt/)).toBeChecked();
    await expect(page.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  });

  test('the contact request shows its hints and sends only with subject and 20 characters', async ({
    loggedIn: page,
  }) => {
    await page.goto('/kontaktanfrage');
    const send = page.getByRole('button', { name: 'Senden' });
    const text = page.getByLabel('Ihre Nachricht');
    await text.fill('a');
    await expect(page.getByText('Vor dem Senden muss ein Betreff gewählt werden.')).toHaveCount(0);
    await text.fill('x'.repeat(19));
    await expect(page.getByText('Vor dem Senden muss ein Betreff gewählt werden.')).toBeVisible();
    await expect(
      page.getByText('Die Nachricht muss mindestens 20 Zeichen lang sein.'),
    ).toBeVisible();
    await page.getByLabel('Betreff').selectOption({ label: 'Sonstiges' });
    await expect(send).toBeDisabled();
    await text.fill('x'.repeat(20));
    await expect(page.getByText('Die Nachricht muss mindestens 20 Zeichen lang sein.')).toHaveCount(
      0,
    );
    await expect(send).toBeEnabled();
  });
});
