import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { fillSignIn, newUser, signOut, signUp } from '../support/accounts.ts';
import { openMailLink } from '../support/mailbox.ts';

test('the email changes only once the new address is verified, and the old address can take it back', async ({
  page,
}) => {
  const user = await signUp(page, newUser('mover'));
  const newAddress = user.email.replace('mover-', 'moved-');
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Edit: Email' }).click();
  await expect(page).toHaveURL(/\/edit-email$/);
  await expectAccessible(page);
  await expect(page.getByRole('textbox', { name: 'Current email' })).toHaveValue(user.email);

  await page.getByRole('textbox', { name: 'New email' }).fill(newAddress);
  await page.getByRole('button', { name: 'Save' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Failed to update your email');
  await expect(alert).toContainText('Verify your current email before changing it.');

  await openMailLink(page, user.email, 'Verify your email for Billbridge');
  await expect(page.getByText(/has been verified/)).toBeVisible();

  await page.goto('/edit-email');
  await page.getByRole('textbox', { name: 'New email' }).fill(newAddress);
  const started = Date.now();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `We sent a link to ${newAddress}. Your sign-in email changes once you open it.`,
  );
  await expect(page).toHaveURL(/\/profile$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  await expect(page.getByTestId('profile-email')).toHaveText(user.email);

  await openMailLink(page, newAddress, 'Confirm your new email for Billbridge');
  await expect(
    page.getByText(`Change the sign-in email of your account from ${user.email} to ${newAddress}?`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirm new email' }).click();
  await expect(page.getByText(`Your sign-in email is now ${newAddress}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByTestId('profile-email')).toHaveText(newAddress);
  await expect(page.getByTestId('profile-verified')).toHaveText('Yes');

  await openMailLink(page, user.email, 'Your Billbridge sign-in email was changed');
  await expect(
    page.getByText(
      `The sign-in email of your account was changed to ${newAddress}. Restore it to ${user.email}?`,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Restore my email' }).click();
  await expect(page.getByText(`Your sign-in email was restored to ${user.email}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reset my password' })).toBeVisible();

  // Recovery signed every device out; the old address signs in again, the new one no longer does.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);
  await fillSignIn(page, { email: newAddress, password: user.password });
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
  await fillSignIn(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-email')).toHaveText(user.email);
  await signOut(page);
});
