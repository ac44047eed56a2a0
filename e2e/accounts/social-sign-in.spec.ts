import { expect, test } from '@playwright/test';
import { giveOwnAddress, signOut } from '../support/accounts.ts';

const googleUser = (label: string) => ({
  email: `${label}-${Date.now().toString(36)}-${process.pid}@gmail.test`,
  name: `Gale ${label}`,
});

/** The local OpenID Connect provider's sign-in page (standing in for Google's). */
const signInAtProvider = async (
  page: import('@playwright/test').Page,
  person: { email: string; name: string },
) => {
  await expect(page.getByRole('heading', { name: 'Sign in with Test Google' })).toBeVisible();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Name').fill(person.name);
  await page.getByRole('button', { name: 'Continue' }).click();
};

test('only the enabled provider, Google, shows a button', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  for (const name of ['Microsoft', 'Apple', 'Facebook', 'GitHub', 'X (Twitter)', 'Yahoo']) {
    await expect(page.getByRole('button', { name: `Continue with ${name}` })).toHaveCount(0);
  }
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

test('Google sign-in makes the OpenID Connect round trip and writes the profile', async ({ page }) => {
  await giveOwnAddress(page);
  const person = googleUser('round');
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, person);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your subscriptions' })).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText(person.name);
  await expect(page.getByTestId('profile-email')).toHaveText(person.email);
  await expect(page.getByTestId('profile-verified')).toHaveText('Yes');
  await expect(page.getByText('Not set')).toBeVisible();

  // Like Google, the provider remembers who signed in there: the next round trip needs no typing.
  await signOut(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText(person.name);
});

test('Google sign-in from a guarded page returns to it', async ({ page }) => {
  await giveOwnAddress(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, googleUser('back'));
  await expect(page).toHaveURL(/\/profile$/);
});
