import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { fillSignIn, newUser, signOut, signUp } from '../support/accounts.ts';
import { currentUserId } from '../support/workspaces.ts';

test('the profile shows avatar, name, email, verification, masked password, id and creation time', async ({
  page,
}) => {
  const user = await signUp(page, { ...newUser('shown'), name: 'ada Lovelace' });
  const uid = await currentUserId(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await expect(page.getByRole('main').getByText('A', { exact: true })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('ada Lovelace');
  await expect(page.getByTestId('profile-email')).toHaveText(user.email);
  await expect(page.getByTestId('profile-verified')).toHaveText('No');
  await expect(page.getByRole('button', { name: 'Send verification email' })).toBeVisible();
  await expect(page.getByText('••••••••')).toBeVisible();
  await expect(page.getByTestId('profile-uid')).toHaveText(uid);
  await expectAccessible(page, 'unverified');
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  await expect(page.getByTestId('profile-created')).toContainText(today);
  await expect(page.getByRole('link', { name: 'Edit: Display name' })).toHaveAttribute('href', '/edit-name');
  await expect(page.getByRole('link', { name: 'Edit: Email' })).toHaveAttribute('href', '/edit-email');
  await expect(page.getByRole('link', { name: 'Change: Password' })).toHaveAttribute(
    'href',
    '/change-password',
  );
  await expect(page.getByRole('link', { name: 'Delete account' })).toHaveAttribute('href', '/delete-account');
});

test('editing the name needs a name and returns to the profile after 1.5 s', async ({ page }) => {
  await signUp(page, newUser('rename'));
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Edit: Display name' }).click();
  await expect(page).toHaveURL(/\/edit-name$/);

  const name = page.getByRole('textbox', { name: 'Display name' });
  await expect(name).toHaveValue('Test rename');
  await name.fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expectAccessible(page, 'name required');

  await name.fill('Grace Hopper');
  const started = Date.now();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your name has been updated.');
  await expect(page).toHaveURL(/\/profile$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  await expect(page.getByTestId('profile-name')).toHaveText('Grace Hopper');
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Grace Hopper');
});

test('the profile language switch changes the UI and is saved for the next sign-in', async ({
  page,
  browser,
}) => {
  const user = await signUp(page, newUser('lingo'));
  await page.goto('/profile');
  const saved = page.waitForResponse('**/api/functions/updateProfile');
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('中文').click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole('heading', { name: '个人资料' })).toBeVisible();
  await expect(page.getByText('邮箱已验证')).toBeVisible();

  // A fresh browser (English) picks the saved language up at sign-in.
  const context = await browser.newContext({ locale: 'en-US' });
  const other = await context.newPage();
  await other.goto('/signin');
  await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await fillSignIn(other, user);
  await expect(other.getByRole('heading', { name: '我的订阅' })).toBeVisible();
  await context.close();

  await page.getByRole('radiogroup', { name: '语言' }).getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await signOut(page);
});
