import { expect, test } from '@playwright/test';
import { fillSignIn, newUser, signUp } from '../support/accounts.ts';
import { staleAfterSeconds } from '../support/stale-sign-in.ts';

// This spec's server (project stale-sign-in) treats a sign-in as old after staleAfterSeconds: the
// wait is the user leaving the tab open that long, the one real-time wait the flow needs.
test('a password change on an old sign-in asks to sign in again, then succeeds', async ({ page }) => {
  const user = await signUp(page, newUser('stale'));
  await page.waitForTimeout((staleAfterSeconds + 1) * 1000);

  await page.goto('/change-password');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('fresh-long-secret');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('fresh-long-secret');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Please sign in again before retry');

  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await fillSignIn(page, user);
  await expect(page).toHaveURL(/\/change-password$/);

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('fresh-long-secret');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('fresh-long-secret');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed.');
});
