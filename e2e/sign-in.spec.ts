import { expect, test } from '@playwright/test';
import { fillSignIn, fillSignUp, newUser, signOut, signUp } from './support/accounts.ts';

test('an anonymous visit to /dashboard lands on /signin and returns to /dashboard after signing in', async ({
  page,
}) => {
  const user = newUser('returning');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await fillSignUp(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
  await fillSignIn(page, user);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your subscriptions' })).toBeVisible();
  await expect(page.getByText('You have no subscriptions yet.')).toBeVisible();
});

test('signing in returns to the deeper page the visitor was going to', async ({ page }) => {
  const user = await signUp(page, newUser('deep'));
  await signOut(page);

  await page.goto('/change-password?from=email#top');
  await expect(page).toHaveURL(/\/signin$/);
  await fillSignIn(page, user);

  await expect(page).toHaveURL(/\/change-password\?from=email#top$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toBeVisible();
});

test('a wrong password shows "Failed to sign in" with the server\'s reason', async ({ page }) => {
  const user = await signUp(page, newUser('wrong'));
  await signOut(page);

  await fillSignIn(page, { email: user.email, password: 'not-the-password' });

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Failed to sign in');
  await expect(alert).toContainText('Invalid email or password.');
  await expect(page).toHaveURL(/\/signin$/);
});

test('sign-up checks the length and the confirmation, and shows the server refusing a common password', async ({
  page,
}) => {
  const user = newUser('short');
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Full name' }).fill(user.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('abc12');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('abc123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  // Long enough for the form's rule, which is the server's (the contract's), but on the server's
  // list of common passwords: the server has the last word.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('qwertyuiop');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('qwertyuiop');
  await page.getByRole('button', { name: 'Create account' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Failed to create an account');
  await expect(alert).toContainText('This password is too common.');
  await expect(page).toHaveURL(/\/signup$/);
});
