import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { currentUserId, serveWorkspace } from '../support/workspaces.ts';

const ownerActions = [
  'Update billing details',
  'Manage payment methods',
  'Change plan',
  'Transfer ownership',
  'Cancel subscription',
];

test('an admin who is not the owner sees the five owner actions disabled with the owner-only tooltip', async ({
  page,
}) => {
  await signUp(page, newUser('helper'));
  await serveWorkspace(page, await currentUserId(page), { admin: true });

  await page.goto('/subscription/ws_e2e/billing');
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  for (const name of ownerActions) await expect(page.getByRole('button', { name })).toBeDisabled();
  await page.getByTestId('guarded-action').filter({ hasText: 'Change plan' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Only the subscription owner can perform this action');
});

test('on a canceled workspace even the owner finds owner-only actions disabled', async ({ page }) => {
  await signUp(page, newUser('closer'));
  await serveWorkspace(page, await currentUserId(page), { admin: true, owner: true, status: 'canceled' });

  await page.goto('/subscription/ws_e2e/billing');
  await expect(page.getByText('This subscription has been canceled')).toBeVisible();
  for (const name of ownerActions) await expect(page.getByRole('button', { name })).toBeDisabled();
  await page.getByTestId('guarded-action').filter({ hasText: 'Transfer ownership' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('This subscription has already been canceled');
});
