import { expect, test } from '@playwright/test';
import { newUser, signUp, verifyEmail, verifyEmailThroughMailbox } from '../support/accounts.ts';
import { createWorkspace, inviteByEmail } from '../support/workspaces.ts';

test('an unverified owner is told to verify before inviting, and invites once verified', async ({ page }) => {
  const owner = await signUp(page, newUser('unverified'));
  const id = await createWorkspace(page, 'Not Yet');

  await page.goto(`/subscription/${id}/users/invite`);
  const note = page.getByRole('note');
  await expect(note).toContainText('Verify your email to invite people');
  await expect(note).toContainText(`Open the link we sent to ${owner.email}`);
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send invite' })).toBeDisabled();
  await note.getByRole('button', { name: 'Send verification email' }).click();
  await expect(note.getByRole('status')).toHaveText('Verification email sent. Check your inbox.');

  // Verifying is this test's subject: the link is opened from the mailbox, as a person does.
  await verifyEmailThroughMailbox(page, owner);
  const invitee = newUser('after-verification');
  await inviteByEmail(page, id, invitee.email);
});

test('invitations to an address show on the home page once the address is verified', async ({
  page,
  browser,
}) => {
  const owner = await signUp(page, newUser('host'));
  await verifyEmail(page, owner);
  const id = await createWorkspace(page, 'Welcome Club');
  const invitee = newUser('guest');
  await inviteByEmail(page, id, invitee.email);

  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await signUp(inviteePage, invitee);
  const invitations = inviteePage.getByRole('region', { name: 'Invitations' });
  await expect(invitations).toContainText(
    `Invitations to projects are sent to ${invitee.email}. Verify this address to see them here.`,
  );
  await expect(inviteePage.getByRole('article', { name: 'Welcome Club' })).toHaveCount(0);

  await verifyEmailThroughMailbox(inviteePage, invitee);
  await inviteePage.goto('/dashboard');
  const invitation = inviteePage.getByRole('article', { name: 'Welcome Club' });
  await expect(invitation).toContainText(`Invited by ${owner.name}`);
  await expect(invitation.getByRole('button', { name: 'Accept' })).toBeEnabled();
  await inviteeContext.close();
});
