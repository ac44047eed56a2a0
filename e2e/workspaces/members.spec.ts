import { expect, test } from '@playwright/test';
import { newUser, signUp, verifyEmail } from '../support/accounts.ts';
import { choose } from '../support/connections.ts';
import {
  acceptInviteAs,
  createWorkspace,
  currentUserId,
  inviteByEmail,
  serveWorkspace,
  userRow,
} from '../support/workspaces.ts';

test('the owner invites a user who accepts, then edits their permissions and removes them', async ({
  page,
  browser,
}) => {
  const owner = await signUp(page, newUser('owner'));
  await verifyEmail(page, owner);
  const id = await createWorkspace(page, 'Team Space');
  const invitee = newUser('invitee');

  await page.goto(`/subscription/${id}/users/invite`);
  const access = page.getByRole('checkbox', { name: 'Access' });
  await expect(access).toBeChecked();
  await expect(access).toBeDisabled();
  await inviteByEmail(page, id, invitee.email, { admin: true });

  const pending = userRow(page, invitee.email);
  await expect(pending).toContainText('unnamed');
  await expect(pending).toContainText('Pending');
  await expect(pending).toContainText('AccessAdministrator');
  await expect(pending.getByRole('button', { name: `Revoke invite: ${invitee.email}` })).toBeVisible();
  await expect(userRow(page, owner.email)).toContainText('Owner');
  await expect(page.getByTestId('pagination-summary')).toHaveText('Showing 1 to 2 of 2 results');

  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await acceptInviteAs(inviteePage, invitee, 'Team Space');
  await inviteeContext.close();

  await page.reload();
  const member = userRow(page, invitee.email);
  await expect(member).toContainText(invitee.name);
  await expect(member).toContainText('Active');
  await expect(member).toContainText('AccessAdministrator');

  await member.getByRole('button', { name: `Edit permissions: ${invitee.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit permissions of ${invitee.name}` });
  await expect(dialog.getByRole('checkbox', { name: 'Access' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Administrator' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(member.getByText('Administrator')).toHaveCount(0);
  await expect(member).toContainText('Access');

  await member.getByRole('button', { name: `Remove: ${invitee.email}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${invitee.name}?` });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(member).toHaveCount(0);
  await expect(page.getByTestId('pagination-summary')).toHaveText('Showing 1 to 1 of 1 results');
});

test('an invite is refused for a pending invitee and for a member, and can be revoked', async ({ page }) => {
  const owner = await signUp(page, newUser('inviter'));
  await verifyEmail(page, owner);
  const id = await createWorkspace(page, 'Refusals');
  const invitee = newUser('twice');
  await inviteByEmail(page, id, invitee.email);

  await page.getByRole('button', { name: 'Invite user' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(invitee.email);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('alert')).toHaveText('This email already has a pending invite');

  await page.getByRole('textbox', { name: 'Email' }).fill(owner.email);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('alert')).toHaveText('This user is already a member of this project');
  await expect(page).toHaveURL(/\/users\/invite$/);

  await page.getByRole('link', { name: 'Back' }).click();
  const pending = userRow(page, invitee.email);
  await pending.getByRole('button', { name: `Revoke invite: ${invitee.email}` }).click();
  await expect(pending).toHaveCount(0);
  await expect(page.getByTestId('pagination-summary')).toHaveText('Showing 1 to 1 of 1 results');
});

test('the users list pages through members and invitees', async ({ page }) => {
  await verifyEmail(page, await signUp(page, newUser('pager')));
  const id = await createWorkspace(page, 'Many');
  for (let index = 0; index < 10; index += 1) {
    const response = await page.request.post('/api/functions/createInvite', {
      data: {
        data: { subscriptionId: id, email: `guest-${index}-${Date.now()}@example.com`, permissions: [] },
      },
    });
    expect(response.ok()).toBe(true);
  }
  await page.goto(`/subscription/${id}/users`);
  const summary = page.getByTestId('pagination-summary');
  const pageSize = page.getByRole('combobox', { name: 'Rows per page' });
  await expect(summary).toHaveText('Showing 1 to 10 of 11 results');
  await expect(pageSize).toHaveValue('10');
  await choose(page, 'Rows per page', '20');
  await expect(summary).toHaveText('Showing 1 to 11 of 11 results');
  await expect(page.getByRole('row')).toHaveCount(12);

  await choose(page, 'Rows per page', '10');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(summary).toHaveText('Showing 11 to 11 of 11 results');
  // Revoking the only row of the last page shows the page before it.
  await page.getByRole('button', { name: /^Revoke invite: / }).click();
  await expect(summary).toHaveText('Showing 1 to 10 of 10 results');
});

test('an administrator who is not the owner can invite, but not another administrator', async ({ page }) => {
  await signUp(page, newUser('deputy'));
  await serveWorkspace(page, await currentUserId(page), { admin: true });
  await page.goto('/subscription/ws_e2e/users/invite');
  await expect(page.getByRole('checkbox', { name: 'Access' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Administrator' })).toBeDisabled();
  await expect(page.getByText('Only the subscription owner can invite an administrator')).toBeVisible();
});
