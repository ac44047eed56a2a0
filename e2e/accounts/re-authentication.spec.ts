import { expect, test } from '@playwright/test';
import { fillSignIn, newUser, signUp } from '../support/accounts.ts';

// The e2e server runs with AUTH_FRESH_AGE=90: a sign-in older than 90 s is not recent any more.
test('a password change on an old sign-in asks to sign in again, then succeeds', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await signUp(page, newUser('stale'));
  await page.waitForTimeout(91_000);

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
