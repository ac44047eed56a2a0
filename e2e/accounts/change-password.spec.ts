import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { fillSignIn, newUser, signOut, signUp } from '../support/accounts.ts';

test('changing the password checks the confirmation, returns to the profile and replaces the old one', async ({
  page,
}) => {
  const user = await signUp(page, newUser('change'));
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Change: Password' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await expectAccessible(page);

  const newPassword = page.getByRole('textbox', { name: 'New password', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Confirm new password' });
  await newPassword.fill('another-long-secret');
  await confirm.fill('another-long-secreT');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The passwords must match and be at least 8 characters long')).toBeVisible();

  // Long enough for the form's rule, which is the server's (the contract's), but refused by the
  // server's list of common passwords: the server has the last word, and the page shows it.
  await newPassword.fill('qwertyuiop');
  await confirm.fill('qwertyuiop');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Failed to change your password');
  await expect(page.getByRole('alert')).toContainText('This password is too common.');

  await newPassword.fill('another-long-secret');
  await confirm.fill('another-long-secret');
  const started = Date.now();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed.');
  await expect(page).toHaveURL(/\/profile$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1400);

  await signOut(page);
  await fillSignIn(page, user);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
  await fillSignIn(page, { email: user.email, password: 'another-long-secret' });
  await expect(page).toHaveURL(/\/dashboard$/);
});
