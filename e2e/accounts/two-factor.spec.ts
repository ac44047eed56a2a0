import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { fillSignIn, newUser, signOut, signUp } from '../support/accounts.ts';
import { codeFor, turnOnTwoFactor } from '../support/two-factor.ts';
import { createWorkspace, plainMemberPage, verifiedOwnerWorkspace } from '../support/workspaces.ts';

test('two-factor sign-in: set up from the profile, then a code or a recovery code after the password', async ({
  page,
}) => {
  const user = await signUp(page, newUser('twofa'));
  const { setupKey, recoveryCodes } = await turnOnTwoFactor(page, user.password);

  await signOut(page);
  await fillSignIn(page, user);
  const code = page.getByRole('textbox', { name: 'Code from the app' });
  await expect(code).toBeVisible();
  await expectAccessible(page, 'code step');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right.');
  await code.fill(codeFor(setupKey));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  await fillSignIn(page, user);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expectAccessible(page, 'recovery code step');
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a workspace that requires two-factor is locked for a member without it, and only that one', async ({
  page,
  browser,
}) => {
  const { owner, id } = await verifiedOwnerWorkspace(page, 'Strict Co', 'strict');
  const memberPage = await plainMemberPage(page, browser, id, 'Strict Co');
  const ownId = await createWorkspace(memberPage, 'My Own Co');

  await turnOnTwoFactor(page, owner.password);
  await page.goto(`/subscription/${id}/settings`);
  await page.getByRole('switch', { name: 'Require two-factor sign-in' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');
  await expectAccessible(page, 'two-factor required');

  await memberPage.goto(`/subscription/${id}`);
  await expect(memberPage.getByText('This workspace requires two-factor sign-in')).toBeVisible();
  await expectAccessible(memberPage, 'locked by two-factor');
  await memberPage.goto(`/subscription/${ownId}`);
  await expect(memberPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await memberPage.goto(`/subscription/${id}`);
  await memberPage.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
  await expect(memberPage).toHaveURL(/\/two-factor$/);
  await turnOnTwoFactor(memberPage, newUser().password);
  await memberPage.goto(`/subscription/${id}`);
  await expect(memberPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(memberPage.getByText('This workspace requires two-factor sign-in')).toHaveCount(0);
});
