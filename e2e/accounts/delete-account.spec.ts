import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { fillSignIn, newUser, signUp } from '../support/accounts.ts';
import { currentUserId } from '../support/workspaces.ts';

test('deleting the account needs the user id typed, then goes home after 2 s for good', async ({ page }) => {
  const user = await signUp(page, newUser('goner'));
  const uid = await currentUserId(page);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/delete-account$/);
  await expectAccessible(page);

  const confirmation = page.getByRole('textbox', { name: /Type your user ID/ });
  await confirmation.fill('not-my-id');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('User ID does not match. Please try again.')).toBeVisible();

  await confirmation.fill(uid);
  const started = Date.now();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('status')).toHaveText('Your account has been deleted.');
  await expect(page).toHaveURL(/\/signin$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

  await fillSignIn(page, user);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
});
