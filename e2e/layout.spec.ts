import { expect, test } from '@playwright/test';
import { newUser, signUp } from './support/accounts.ts';

test('the sidebar collapses on a large screen', async ({ page }) => {
  await signUp(page, newUser('wide'));
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Subscriptions' })).toBeInViewport();

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(navigation.getByRole('link', { name: 'Subscriptions' })).not.toBeInViewport();

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(navigation.getByRole('link', { name: 'Subscriptions' })).toBeInViewport();
});

test('a small screen opens the menu from the burger and closes it on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signUp(page, newUser('narrow'));
  const link = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Subscriptions' });
  await expect(link).not.toBeInViewport();

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(link).toBeInViewport();
  await link.click();

  await expect(link).not.toBeInViewport();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown address and the root both lead to the home page', async ({ page }) => {
  await signUp(page, newUser('lost'));

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});
