import { expect, test } from '@playwright/test';
import { passwordMinLength } from '@billbridge/contract';
import { fillSignUp, newUser } from '../support/accounts.ts';

test('the sign-up form holds a password one character short of the server’s minimum, without sending it', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-up')) sent.push(request.url());
  });
  await page.goto('/signup');
  await fillSignUp(page, { ...newUser('short'), password: 'x'.repeat(passwordMinLength - 1) });
  // The field itself says why, as the form's own check does (the server's refusal is a banner).
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAccessibleDescription(
    `Password must be at least ${passwordMinLength} characters`,
  );
  await expect(page).toHaveURL(/\/signup$/);
  expect(sent).toEqual([]);
});
