import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from './accessibility.ts';

/** The code an authenticator app shows now for a setup key (RFC 6238: SHA-1, 6 digits, 30 s). */
export const codeFor = (setupKey: string): string =>
  new TOTP({ secret: Secret.fromBase32(setupKey), digits: 6, period: 30 }).generate();

/**
 * Turns two-factor sign-in on from the profile the way a person does: password, the setup key
 * typed into an authenticator (the test computes its code), the first code. Returns the key and
 * the ten recovery codes shown once.
 */
export const turnOnTwoFactor = async (page: Page, password: string) => {
  await page.goto('/profile');
  await expect(page.getByTestId('profile-two-factor')).toHaveText('Off');
  await page.getByRole('link', { name: 'Set up: Two-factor sign-in' }).click();
  await expect(page).toHaveURL(/\/two-factor$/);
  await expectAccessible(page, 'password');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectAccessible(page, 'QR code');
  const setupKey = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(codeFor(setupKey));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('status')).toHaveText('Two-factor sign-in is on.');
  await expect(page.getByTestId('recovery-code')).toHaveCount(10);
  await expectAccessible(page, 'recovery codes');
  const recoveryCodes = await page.getByTestId('recovery-code').allTextContents();
  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page.getByTestId('profile-two-factor')).toHaveText('On');
  return { setupKey, recoveryCodes };
};
