import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUp, verifyEmail } from '../support/accounts.ts';
import { choose } from '../support/connections.ts';
import { acceptInviteAs, createWorkspace, inviteByEmail, userRow } from '../support/workspaces.ts';

test('the owner hands the workspace to an admin and loses the owner-only actions', async ({
  page,
  browser,
}) => {
  const owner = await signUp(page, newUser('founder'));
  await verifyEmail(page, owner);
  const id = await createWorkspace(page, 'Handover');

  await page.goto(`/subscription/${id}/billing`);
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
  await page.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing/transfer-ownership$`));
  await expect(page.getByRole('alert')).toHaveText('No eligible admin users found to transfer ownership to');
  await expectAccessible(page, 'no eligible admin');

  const successor = newUser('successor');
  await inviteByEmail(page, id, successor.email, { admin: true });
  const successorContext = await browser.newContext();
  await acceptInviteAs(await successorContext.newPage(), successor, 'Handover');
  await successorContext.close();

  await page.goto(`/subscription/${id}/billing`);
  await page.getByRole('button', { name: 'Transfer ownership' }).click();
  await choose(page, 'New owner', `${successor.name} (${successor.email})`);
  const details = page.getByTestId('new-owner-details');
  await expect(details).toContainText(successor.name);
  await expect(details).toContainText(successor.email);
  await expect(page.getByText(/The new owner takes over billing/)).toBeVisible();
  await expectAccessible(page, 'new owner chosen');
  await page.getByRole('button', { name: 'Transfer ownership' }).click();

  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing$`));
  const transfer = page.getByRole('button', { name: 'Transfer ownership' });
  await expect(transfer).toBeDisabled();
  await page.getByTestId('guarded-action').filter({ hasText: 'Transfer ownership' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Only the subscription owner can perform this action');

  await page.goto(`/subscription/${id}/users`);
  await expect(userRow(page, successor.email)).toContainText('Owner');
  await expect(userRow(page, owner.email)).not.toContainText('Owner');
  // The former owner is now an admin: the owner's row offers nothing, their own row is disabled.
  await expect(userRow(page, owner.email).getByRole('button', { name: /^Edit permissions/ })).toBeDisabled();
  await expect(userRow(page, successor.email).getByRole('button')).toHaveCount(0);
});
