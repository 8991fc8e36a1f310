import type { Page } from '@playwright/test';
import { EmailChangeMessages } from '@kundenportal/contract';
import { CONTRACTS, expect, expectNoAxeViolations, loginHome, test } from '../support/fixtures';
import { GAS_METER, KEPT, waitingList } from '../support/waiting-readings';

/**
 * A device that more than one person uses: what a customer leaves on it (kept reads, readings
 * that wait offline) is hers to keep or delete, and a mail link's token does not stay in the
 * address bar.
 */

const DELETE_DEVICE_DATA = 'Auf diesem Gerät gespeicherte Daten löschen';

/** In the cellar, without a connection: a reading that waits on the device. */
async function leaveWaitingReading(page: Page) {
  await page.goto(`/vertrag/${CONTRACTS.maxGas}/ablesung`);
  await expect(page.getByText(`Zähler ${GAS_METER}`)).toBeVisible();
  await page.context().setOffline(true);
  await page.getByLabel('Zählerstand', { exact: true }).fill('5200,5');
  await page.getByRole('button', { name: 'Ablesung übermitteln' }).click();
  await expect(page.getByText(KEPT)).toBeVisible();
}

const logoutDialog = (page: Page) => page.getByRole('dialog', { name: 'Abmelden' });

test('logging out with a waiting reading asks to keep it; the login page deletes what is kept', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginHome(page, '10001');
  await leaveWaitingReading(page);

  await page.getByRole('button', { name: 'Abmelden' }).click();
  const dialog = logoutDialog(page);
  await expect(dialog).toContainText(
    'Ein Zählerstand wartet auf diesem Gerät noch auf das Senden. Soll er auf diesem Gerät bleiben',
  );
  // The dialog holds the focus; Escape goes back to the page, still logged in.
  await expect(dialog.getByRole('button', { name: 'Behalten und abmelden' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('abmelden-dialog-1280.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/vertrag/${CONTRACTS.maxGas}/ablesung$`));
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeFocused();

  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByRole('button', { name: 'Menü' }).click();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('abmelden-dialog-390.png') });
  await dialog.getByRole('button', { name: 'Behalten und abmelden' }).click();

  // Logged out, the reading stays for the next login here, and the login page says so.
  await expect(page).toHaveURL(/\/anmelden$/);
  await page.context().setOffline(false);
  const deleteButton = page.getByRole('button', { name: DELETE_DEVICE_DATA });
  await expect(deleteButton).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('anmelden-geraetedaten-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await deleteButton.click();
  await expect(
    page.getByText('Die auf diesem Gerät gespeicherten Daten wurden gelöscht.'),
  ).toBeVisible();
  await expect(deleteButton).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('button', { name: DELETE_DEVICE_DATA })).toHaveCount(0);
});

test('"Löschen und abmelden" leaves nothing behind that the next login would send', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/ablesungen'))
      sent.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginHome(page, '10001');
  await leaveWaitingReading(page);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await logoutDialog(page).getByRole('button', { name: 'Löschen und abmelden' }).click();
  await expect(page).toHaveURL(/\/anmelden$/);
  await page.context().setOffline(false);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('button', { name: DELETE_DEVICE_DATA })).toHaveCount(0);

  await loginHome(page, '10001');
  await page.goto('/ablesung');
  await expect(page.getByRole('heading', { level: 1, name: 'Ablesung erfassen' })).toBeVisible();
  await expect(waitingList(page)).toHaveCount(0);
  expect(sent).toEqual([]);
});

test.describe('a mail link’s token leaves the address bar once the page has read it', () => {
  const token = 'A'.repeat(43);

  test('the reset link: the page still knows its token', async ({ page }) => {
    await page.goto(`/passwort/erneuern?token=${token}`);
    // The page asks the server about the token it read: a made-up one cannot be used.
    await expect(
      page.getByText(/Der Link zum Zurücksetzen des Passworts ist ungültig/),
    ).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });

  test('the confirm and revoke links: the button still sends the token', async ({ page }) => {
    for (const [path, button] of [
      ['/email/bestaetigen', 'E-Mail-Adresse bestätigen'],
      ['/email/widerrufen', 'Änderung zurücknehmen und alle Anmeldungen beenden'],
    ] as const) {
      await page.goto(`${path}?token=${token}`);
      const action = page.getByRole('button', { name: button });
      await expect(action).toBeVisible();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      const request = page.waitForRequest((sent) => sent.url().includes('/api/anschlussnutzer/'));
      await action.click();
      expect((await request).headers()['token']).toBe(token);
      await expect(page.getByRole('alert')).toContainText('ungültig, abgelaufen');
    }
  });

  test('a link without its token says it is incomplete', async ({ page }) => {
    await page.goto('/email/bestaetigen');
    await expect(page.getByText(EmailChangeMessages.confirmLinkIncomplete)).toBeVisible();
    await page.goto('/email/widerrufen');
    await expect(page.getByText(EmailChangeMessages.revokeLinkIncomplete)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
