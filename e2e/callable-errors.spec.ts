import { expect, test } from '@playwright/test';
import { newUser, signUp } from './support/accounts.ts';

test('a subscription that does not exist shows "Subscription not found"', async ({ page }) => {
  await signUp(page, newUser('missing'));

  await page.goto('/subscription/does-not-exist');

  await expect(page.getByText('Subscription not found', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
});

test('a permission-denied answer shows "Access denied"', async ({ page }) => {
  await signUp(page, newUser('denied'));
  // No function creates a second user's workspace yet, so the server's 403 envelope is replayed.
  await page.route('**/api/functions/getSubscription', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { status: 'PERMISSION_DENIED', message: 'You do not have permission.' },
      }),
    }),
  );

  await page.goto('/subscription/someone-elses/users');

  await expect(page.getByText('Access denied', { exact: true })).toBeVisible();
});

test('an unavailable server shows the load error and its reason on the home page', async ({ page }) => {
  await page.route('**/api/functions/listMySubscriptions', (route) =>
    route.fulfill({ status: 503, contentType: 'text/html', body: '<html>maintenance</html>' }),
  );
  await page.goto('/signup');
  const user = newUser('offline');
  await page.getByRole('textbox', { name: 'Full name' }).fill(user.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not load your subscriptions', { timeout: 20_000 });
  await expect(alert).toContainText('The service is unavailable.');
});
