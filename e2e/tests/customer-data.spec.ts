import type { Page } from '@playwright/test';
import { formatDate } from '@kundenportal/contract';
import {
  CONTRACTS,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  germanDayName,
  germanDays,
  loginHome,
  pickDay,
  test,
} from '../support/fixtures';
import { activate, loginByKeyboard, openedCalendar, typeInto } from '../support/keyboard';
import { receivedMails, waitForMail } from '../support/mailbox';

/** Changes 10001's contact data, addresses and bank details: runs in the "changes" project. */

test('10001 changes contact data; the new e-mail counts once its link confirms it', async ({
  loggedIn: page,
}) => {
  await page.goto('/daten/uebersicht');
  await page.getByRole('link', { name: 'Kontaktdaten bearbeiten' }).click();
  await expect(page).toHaveURL('/kontakt/editieren');
  const password = page.getByLabel('Aktuelles Passwort');
  await expect(password).toBeHidden();
  await page.getByLabel('E-Mail').fill('max.neu@example.de');
  await page.getByLabel('Mobil').fill('  0170 1234567 ');
  // A changed address asks for the password; a wrong one keeps everything typed.
  await expect(password).toBeVisible();
  await password.fill('geraten');
  await page.getByRole('button', { name: 'Aktualisieren' }).click();
  await expect(page.getByText('Das Passwort ist nicht korrekt.').first()).toBeVisible();
  await expect(page.getByLabel('E-Mail')).toHaveValue('max.neu@example.de');
  await expect(page.getByLabel('Mobil')).toHaveValue('  0170 1234567 ');
  const since = receivedMails().length;
  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Aktualisieren' }).click();
  await expect(page).toHaveURL('/daten/uebersicht');
  await expect(page.getByText('0170 1234567', { exact: true })).toBeVisible();
  await expect(
    page.getByText(/Ihre neue E-Mail-Adresse max\.neu@example\.de ist noch nicht bestätigt/),
  ).toBeVisible();
  await expect(page.getByText('max.mustermann@example.de')).toBeVisible();

  const notice = await waitForMail('max.mustermann@example.de', since, 'Das war ich nicht');
  expect(notice.text).toContain('Das war ich nicht');
  const confirmation = await waitForMail('max.neu@example.de', since);
  const link = /https?:\/\/\S+\/email\/bestaetigen\?token=[\w-]+/.exec(confirmation.text)?.[0];
  expect(link).toBeDefined();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigen' })).toBeVisible();
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(page.getByText(/Ihre neue E-Mail-Adresse ist bestätigt/)).toBeVisible();
  await page.getByRole('link', { name: 'Zur Datenübersicht' }).click();
  await expect(page.getByText('max.neu@example.de')).toBeVisible();
});

test('10001 creates a general Postfach address and a contract address, and deletes it', async ({
  loggedIn: page,
}) => {
  const { tomorrow } = germanDays();
  await page.goto('/rechnungsadresse/editieren');
  await expect(page.getByRole('textbox', { name: 'Straße' })).toHaveValue('Musterweg');
  await page.getByRole('radio', { name: 'Postfach' }).check();
  await page.getByRole('textbox', { name: 'Postfach' }).fill('98765');
  await pickDay(page, 'Gültig ab', tomorrow);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL('/daten/uebersicht');
  await page.getByRole('link', { name: 'Alle Rechnungsadressen anzeigen' }).click();
  await expect(page.getByText('Postfach 98765')).toBeVisible();
  // Every earlier version stays listed; the replaced one ends today.
  await expect(page.getByText('Alte Gasse 7/1')).toBeVisible();
  await expect(page.getByText('Musterweg 12a')).toBeVisible();

  // Contract-specific: a normal address from tomorrow, then deleted again.
  await page.goto(`/vertrag/${CONTRACTS.maxDynamic}/rechnungsadressen`);
  await expect(
    page.getByText('Für diesen Vertrag sind keine Rechnungsadressen hinterlegt.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Neue Rechnungsadresse anlegen' }).click();
  await page.getByLabel('Anrede').selectOption({ label: 'Frau' });
  await page.getByLabel('Vorname').fill('Erika');
  await page.getByLabel('Nachname').fill('Mustermann');
  await page.getByRole('radio', { name: 'Straße und Hausnummer' }).check();
  await page.getByRole('textbox', { name: 'Straße' }).fill('Vertragsweg');
  await page.getByRole('textbox', { name: 'Hausnummer' }).fill('3-5');
  await page.getByLabel('Postleitzahl').fill('1010');
  await page.getByLabel('Ort').fill('Wien');
  await page.getByLabel('Land').selectOption('Österreich');
  await pickDay(page, 'Gültig ab', tomorrow);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(`/vertrag/${CONTRACTS.maxDynamic}/rechnungsadressen`);
  await expect(page.getByText('Vertragsweg 3-5')).toBeVisible();
  await expect(page.getByText('Österreich')).toBeVisible();

  await page.getByRole('button', { name: /^Rechnungsadresse löschen/ }).click();
  await page.getByRole('button', { name: 'Nein' }).click();
  await expect(page.getByText('Vertragsweg 3-5')).toBeVisible();
  await page.getByRole('button', { name: /^Rechnungsadresse löschen/ }).click();
  await page.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Die Rechnungsadresse wurde gelöscht.')).toBeVisible();
  await expect(page.getByText('Vertragsweg 3-5')).toHaveCount(0);
});

test('a second contract address of the same day is refused with the message, keeping the input', async ({
  loggedIn: page,
}) => {
  const { tomorrow } = germanDays();
  const conflict =
    'Die Rechnungsadresse mit diesem Datum „gültig ab“ ist bereits hinterlegt. Bitte wählen Sie ein anderes Datum.';
  const form = `/vertrag/${CONTRACTS.maxGas}/rechnungsadresse/editieren`;
  await page.goto(form);
  await page.getByRole('radio', { name: 'Postfach' }).check();
  await page.getByRole('textbox', { name: 'Postfach' }).fill('4711');
  await pickDay(page, 'Gültig ab', tomorrow);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(`/vertrag/${CONTRACTS.maxGas}/rechnungsadressen`);
  await expect(page.getByText('Postfach 4711')).toBeVisible();

  // The contract has no address valid today: the form starts from the customer's again.
  await page.goto(form);
  await page.getByRole('radio', { name: 'Straße und Hausnummer' }).check();
  await page.getByRole('textbox', { name: 'Straße' }).fill('Gaswerkstraße');
  await page.getByRole('textbox', { name: 'Hausnummer' }).fill('5');
  await pickDay(page, 'Gültig ab', tomorrow);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('alert').filter({ hasText: conflict })).toBeVisible();
  await expect(page).toHaveURL(form);
  await expect(page.getByRole('textbox', { name: 'Straße' })).toHaveValue('Gaswerkstraße');
  await expect(page.getByRole('textbox', { name: 'Hausnummer' })).toHaveValue('5');
  await expect(page.getByRole('button', { name: /^Gültig ab/ })).toContainText(
    germanDayName(tomorrow),
  );

  // Leave the contract as it was.
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/rechnungsadressen`);
  await page.getByRole('button', { name: /^Rechnungsadresse löschen/ }).click();
  await page.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Postfach 4711')).toHaveCount(0);
});

test('10001 ends the current contract address of the day/night contract', async ({
  loggedIn: page,
}) => {
  const { today } = germanDays();
  await page.goto(`/vertrag/${CONTRACTS.maxDayNight}/rechnungsadressen`);
  await expect(page.getByText('Postfach 1234')).toBeVisible();
  await page.getByRole('button', { name: /^Rechnungsadresse beenden/ }).click();
  await page.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Die Rechnungsadresse wurde beendet.')).toBeVisible();
  await expect(page.getByText(`gültig vom 01.05.2022 bis ${formatDate(today)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Rechnungsadresse beenden/ })).toHaveCount(0);
});

test('10001 adds a bank account to the gas contract from a real IBAN and ends the old one', async ({
  loggedIn: page,
}) => {
  const { today, tomorrow } = germanDays();
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/bankverbindungen`);
  await expect(page.getByText('Erika Mustermann')).toBeVisible();
  await page.getByRole('link', { name: 'Neue Bankverbindung anlegen' }).click();
  await page.getByLabel('Kontoinhaber').fill('Max Mustermann');
  await page.getByLabel('IBAN').fill('89 3704 0044 0532 0130 00');
  await expect(page.getByLabel('Bankname')).toHaveValue('Commerzbank');
  await expect(page.getByLabel('BIC')).toHaveValue('COBADEFFXXX');
  await pickDay(page, 'Gültig ab', tomorrow);
  await page.getByRole('button', { name: 'Speichern' }).click();
  // The confirmation names the mandate reference and the creditor's id before leading on.
  const saved = page
    .getByRole('status')
    .filter({ hasText: 'Die Bankverbindung wurde gespeichert.' });
  await expect(saved).toContainText(/Ihre Mandatsreferenz lautet MR-10001-\d{8}-[A-Z0-9]+,/);
  await expect(saved).toContainText('Gläubiger-Identifikationsnummer DE98ZZZ09999999999');
  await page.getByRole('button', { name: 'Zu den Bankverbindungen' }).click();
  await expect(page).toHaveURL(`/vertrag/${CONTRACTS.maxGas}/bankverbindungen`);
  await expect(page.getByText('Commerzbank')).toBeVisible();
  await expect(page.getByText(/^MR-10001-\d{8}-[A-Z0-9]+$/)).toBeVisible();
  // The replaced account ended today, in the same step.
  await expect(page.getByText(`gültig vom 01.10.2023 bis ${formatDate(today)}`)).toBeVisible();
  await page.getByRole('button', { name: /^Bankverbindung löschen/ }).click();
  await page.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Die Bankverbindung wurde gelöscht.')).toBeVisible();
  // Deleting the new one lets the old one run on.
  await expect(page.getByText('gültig ab 01.10.2023', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Bankverbindung beenden/ }).click();
  await page.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(`gültig vom 01.10.2023 bis ${formatDate(today)}`)).toBeVisible();
});

test('10001 sends a contact request and the service address receives the mail', async ({
  page,
}) => {
  await loginHome(page, '10001');
  await page.getByRole('link', { name: 'Kontakt', exact: true }).first().click();
  await expect(page).toHaveURL('/kontaktanfrage');
  const text = `Bitte rufen Sie mich wegen meines Abschlags an. ${Date.now()}`;
  await page.getByLabel('Betreff').selectOption({ label: 'Abschlagsänderung' });
  await page.getByLabel('Ihre Nachricht').fill(text);
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page).toHaveURL(/^[^?]*\/kontaktanfrageOk\?anfrage=\d+$/);
  await expect(
    page.getByText(
      'Ihre Anfrage wurde erfolgreich übermittelt. Wir kümmern uns schnellstmöglich um Ihr Anliegen.',
    ),
  ).toBeVisible();
  // The request's number, to name when writing or calling: the one both mails carry.
  const number = page.getByText('Anfrage-Nr.', { exact: true }).locator('xpath=../dd');
  await expect(number).toHaveText(/^\d+$/);
  const anfrageNr = await number.textContent();
  await expect(
    page.getByText(
      'Bitte nennen Sie diese Nummer, wenn Sie uns zu Ihrer Anfrage schreiben oder anrufen.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  // The mail goes through the outbox to the SMTP server of global-setup.
  // The customer gets a copy; the service team's answer goes to the customer (the address in
  // force: another test of this file changes it).
  const mailTo = (to: string) => () =>
    receivedMails()
      .map((received) => received.text)
      .find((eml) => eml.includes(text) && eml.split(/\r?\n/).some((line) => line.startsWith(to)));
  const mail = mailTo('To: kundenservice@');
  await expect
    .poll(() => mail() ?? '', { timeout: 15_000 })
    .toContain('Betreff: Abschlagsänderung');
  expect(mail()).toContain('Kundennummer: 10001');
  expect(mail()).toContain('Name: Max Mustermann');
  expect(mail()).toMatch(/^Reply-To: max\.(mustermann|neu)@example\.de$/m);
  const copy = mailTo('To: max.');
  await expect
    .poll(() => copy() ?? '', { timeout: 15_000 })
    .toContain('Sie ist bei unserem Kundenservice eingegangen');
  expect(copy()).toContain('Guten Tag Max Mustermann,');
  for (const eml of [mail()!, copy()!]) expect(eml).toContain(`Anfrage-Nr.: ${anfrageNr}`);
  await page.getByRole('link', { name: 'Zur Datenübersicht' }).click();
  await expect(page).toHaveURL('/daten/uebersicht');
});

/** Opens the date picker `label` by keyboard and takes the day it focuses: the earliest allowed. */
async function chooseEarliestDay(page: Page, label: string, day: string) {
  const button = page.getByRole('button', { name: new RegExp(`^${label}`) });
  await activate(page, button);
  await openedCalendar(page, label);
  await page.keyboard.press('Enter');
  await expect(button).toBeFocused();
  await expect(button).toContainText(germanDayName(day));
}

// 10002 is changed by keyboard alone, so that the tests of 10001 beside them see none of it.
test('10002 adds bank details from an IBAN by keyboard alone', async ({ page }) => {
  const { tomorrow } = germanDays();
  await loginByKeyboard(page, '10002');
  await activate(
    page,
    page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Datenübersicht' }),
  );
  await activate(page, page.getByRole('link', { name: 'Bankverbindung bearbeiten' }));
  await expect(page).toHaveURL('/bankverbindung/editieren');
  await typeInto(page, page.getByLabel('Kontoinhaber'), 'Muster Bäckerei GmbH');
  await typeInto(page, page.getByLabel('IBAN'), '89 3704 0044 0532 0130 00');
  await expect(page.getByLabel('Bankname')).toHaveValue('Commerzbank');
  await expect(page.getByLabel('BIC')).toHaveValue('COBADEFFXXX');
  await chooseEarliestDay(page, 'Gültig ab', tomorrow);
  await activate(page, page.getByRole('button', { name: 'Speichern' }));
  await expect(
    page.getByRole('status').filter({ hasText: 'Die Bankverbindung wurde gespeichert.' }),
  ).toBeFocused();
  await activate(page, page.getByRole('button', { name: 'Zur Datenübersicht' }));

  await expect(page).toHaveURL('/daten/uebersicht');
  await activate(page, page.getByRole('link', { name: 'Alle Bankverbindungen anzeigen' }));
  await expect(page).toHaveURL('/bankverbindungen');
  await expect(page.getByText('Commerzbank')).toBeVisible();
  await expect(page.getByText(`gültig ab ${formatDate(tomorrow)}`, { exact: true })).toBeVisible();
});

test('10002 creates a billing address by keyboard alone', async ({ page }) => {
  const { tomorrow } = germanDays();
  await loginByKeyboard(page, '10002');
  await activate(
    page,
    page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Datenübersicht' }),
  );
  await activate(page, page.getByRole('link', { name: 'Rechnungsadresse bearbeiten' }));
  await expect(page).toHaveURL('/rechnungsadresse/editieren');
  // The current address is the starting point; the company moves next door.
  await expect(page.getByRole('textbox', { name: 'Straße' })).toHaveValue('Industriestraße');
  await typeInto(page, page.getByRole('textbox', { name: 'Straße' }), 'Mühlenweg');
  await typeInto(page, page.getByRole('textbox', { name: 'Hausnummer' }), '3b');
  await chooseEarliestDay(page, 'Gültig ab', tomorrow);
  await activate(page, page.getByRole('button', { name: 'Speichern' }));

  await expect(page).toHaveURL('/daten/uebersicht');
  await activate(page, page.getByRole('link', { name: 'Alle Rechnungsadressen anzeigen' }));
  await expect(page).toHaveURL('/rechnungsadressen');
  await expect(page.getByText('Mühlenweg 3b')).toBeVisible();
});
