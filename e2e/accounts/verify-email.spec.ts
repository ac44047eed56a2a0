import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUp } from '../support/accounts.ts';
import { mailLinkOf, openMailLink } from '../support/mailbox.ts';

test('a newcomer verifies the email from the dev mailbox and the profile says so', async ({ page }) => {
  const user = await signUp(page, newUser('verify'));
  await page.goto('/profile');
  await expect(page.getByTestId('profile-verified')).toHaveText('No');

  await page.getByRole('button', { name: 'Send verification email' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Verification email sent. Check your inbox.' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Verification email sent again. Check your inbox.' }),
  ).toBeVisible();

  // The sign-up sent one, the two clicks two more: the newest link is the one to use.
  const href = await openMailLink(page, user.email, 'Verify your email for Billbridge', 3);
  expect(href).toMatch(/\/auth\/action\?mode=verifyEmail&oobCode=/);
  await expect(page.getByText(`Your email ${user.email} has been verified.`)).toBeVisible();
  await expectAccessible(page, 'verified');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-verified')).toHaveText('Yes');
  await expect(page.getByRole('button', { name: /verification email/ })).toHaveCount(0);
});

test('a used verification link fails with its reason', async ({ page }) => {
  const user = await signUp(page, newUser('used'));
  const link = await mailLinkOf(page, user.email, 'Verify your email for Billbridge');
  await page.goto(link);
  await expect(page.getByText(/has been verified/)).toBeVisible();
  await page.goto(link);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Failed to verify your email');
  await expect(alert).toContainText('This link is invalid or has already been used.');
  await expectAccessible(page, 'failed');
});

test('too many verification e-mails are refused', async ({ page }) => {
  await signUp(page, newUser('throttle'));
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Send verification email' }).click();
  await expect(page.getByText('Verification email sent. Check your inbox.')).toBeVisible();
  for (let click = 0; click < 2; click += 1) {
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText('Verification email sent again. Check your inbox.')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Too many verification email requests. Please wait a while before trying again.',
  );
});

test('the action handler refuses missing parameters and unknown modes', async ({ page }) => {
  await page.goto('/auth/action?mode=verifyEmail');
  await expect(page.getByRole('alert')).toHaveText('Invalid or missing parameters');
  await page.goto('/auth/action?oobCode=abc');
  await expect(page.getByRole('alert')).toHaveText('Invalid or missing parameters');
  await page.goto('/auth/action?mode=signInWithEmailLink&oobCode=abc');
  await expect(page.getByRole('alert')).toHaveText('The requested operation is not supported');
});
