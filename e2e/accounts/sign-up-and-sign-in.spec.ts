import { expect, test } from '@playwright/test';
import { fillSignIn, fillSignUp, giveOwnAddress, newUser, signOut, signUp } from '../support/accounts.ts';

test('sign-up refuses a common password with the server policy under "Failed to create an account"', async ({
  page,
}) => {
  const user = { ...newUser('common'), password: 'password1' };
  await page.goto('/signup');
  await fillSignUp(page, user);

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Failed to create an account');
  await expect(alert).toContainText('This password is too common. Choose one that is harder to guess.');
  await expect(page).toHaveURL(/\/signup$/);
});

test('sign-up with an address already taken shows "Failed to create an account"', async ({ page }) => {
  const user = await signUp(page, newUser('taken'));
  await signOut(page);
  await page.goto('/signup');
  await fillSignUp(page, { ...newUser('again'), email: user.email });
  await expect(page.getByRole('alert')).toContainText('Failed to create an account');
  await expect(page.getByRole('alert')).toContainText('This email is already used by another account.');
});

test('signing up from a guarded page returns there', async ({ page }) => {
  await giveOwnAddress(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await fillSignUp(page, newUser('guarded'));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
});

test('an unknown address fails sign-in the same way as a wrong password', async ({ page }) => {
  await giveOwnAddress(page);
  await page.goto('/signin');
  await fillSignIn(page, { email: 'nobody-here@example.com', password: 'whatever-password' });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Failed to sign in');
  await expect(alert).toContainText('Invalid email or password.');
});

test('signing out from the user menu goes home and the session is gone', async ({ page }) => {
  const user = await signUp(page, newUser('leaving'));
  await signOut(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);
  await fillSignIn(page, user);
  await expect(page).toHaveURL(/\/profile$/);
});

test('the sixth rapid sign-in attempt is refused as too many', async ({ page }) => {
  await giveOwnAddress(page);
  await page.goto('/signin');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await fillSignIn(page, { email: 'hammer@example.com', password: `wrong-${attempt}-password` });
    await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
  }
  await fillSignIn(page, { email: 'hammer@example.com', password: 'wrong-again-password' });
  await expect(page.getByRole('alert')).toContainText(
    'Too many attempts. Please wait a while before trying again.',
  );
});
