import { expect, test } from '@playwright/test';
import { fillSignIn, giveOwnAddress, newUser, signUp } from '../support/accounts.ts';

test('a tab whose session ended elsewhere signs out at its next step', async ({ page, browser, baseURL }) => {
  const user = await signUp(page, newUser('ended'));

  // Another device signs out everywhere: the server deletes every session, as disabling does.
  const device = await browser.newContext();
  const elsewhere = await device.newPage();
  await giveOwnAddress(elsewhere);
  await elsewhere.goto('/signin');
  await fillSignIn(elsewhere, user);
  await expect(elsewhere).toHaveURL(/\/dashboard$/);
  const revoked = await elsewhere.request.post('/api/auth/revoke-sessions', {
    headers: { origin: baseURL ?? '' },
    data: {},
  });
  expect(revoked.ok()).toBe(true);
  await device.close();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await fillSignIn(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-email')).toHaveText(user.email);
});

test('signing in to a disabled account shows the user-disabled reason', async ({ page }) => {
  const user = newUser('disabled');
  // The server's answer for a disabled account, as disable-user.integration.test.ts proves it over
  // HTTP: the embedded database of this run belongs to its server, so the operator's command cannot
  // open it while the browser tests run.
  await page.route('**/api/auth/sign-in/email', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'USER_DISABLED', message: 'This account has been disabled.' }),
    }),
  );
  await giveOwnAddress(page);
  await page.goto('/signin');
  await fillSignIn(page, user);

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Failed to sign in');
  await expect(alert).toContainText(
    'This account has been disabled. Contact the administrator of this Billbridge.',
  );
  await expect(page).toHaveURL(/\/signin$/);
});
