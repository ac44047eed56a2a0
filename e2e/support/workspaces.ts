import { type Browser, expect, type Page } from '@playwright/test';
import type { Subscription } from '@billbridge/contract';
import { newUser, signUp, verifyEmail, type TestUser } from './accounts.ts';
import { expectAccessible } from './accessibility.ts';
import { openMailLink } from './mailbox.ts';

/** The signed-in user's id, read the way the app reads it. */
export const currentUserId = async (page: Page): Promise<string> => {
  const response = await page.request.get('/api/auth/get-session');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { user?: { id?: string } } | null;
  const id = body?.user?.id;
  if (!id) throw new Error('No session: sign in before asking for the user id.');
  return id;
};

type Membership = { admin?: boolean; owner?: boolean; status?: string };

/**
 * Answers `getSubscription` for one workspace as the server would for a member with the given
 * permissions. Until a function creates workspaces for two different users, this is how the
 * browser tests reach the permission guard.
 */
export const serveWorkspace = async (page: Page, userId: string, membership: Membership) => {
  const subscription: Subscription = {
    id: 'ws_e2e',
    owner_id: membership.owner ? userId : 'someone-else',
    plan_id: 'pro',
    status: membership.status ?? 'active',
    settings: { name: 'Acme Workspace' },
    permissions: { access: [userId], admin: membership.admin ? [userId] : [] },
    subscription_current_period_start: 1_767_225_600,
    subscription_current_period_end: 1_769_904_000,
  };
  await page.route('**/api/functions/getSubscription', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ result: subscription }),
    }),
  );
  return subscription;
};

/**
 * Creates a free workspace the way a person does — home, create, choose Free — and names it on the
 * settings page it opens. Returns the new workspace's id.
 */
export const createWorkspace = async (page: Page, name: string): Promise<string> => {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Create a subscription' }).first().click();
  await expect(page).toHaveURL(/\/create-plan$/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Choose Free' }).click();
  await expect(page).toHaveURL(/\/subscription\/[^/]+\/settings$/);
  await expectAccessible(page);
  const id = /\/subscription\/([^/]+)\/settings$/.exec(page.url())?.[1] ?? '';
  await page.getByRole('textbox', { name: 'Subscription name' }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}$`));
  await expectAccessible(page, 'new workspace');
  return id;
};

/**
 * Sends an invite from the users list's invite page and waits for the way back to the list. The
 * inviter's address must be verified first (`verifyEmail`): the page refuses otherwise.
 */
export const inviteByEmail = async (
  page: Page,
  subscriptionId: string,
  email: string,
  { admin = false } = {},
) => {
  await page.goto(`/subscription/${subscriptionId}/users`);
  await expect(page.getByRole('button', { name: 'Invite user' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Invite user' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${subscriptionId}/users/invite$`));
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  if (admin) await page.getByRole('checkbox', { name: 'Administrator' }).check();
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
  await expect(page).toHaveURL(new RegExp(`/subscription/${subscriptionId}/users$`));
};

/** The users table's row of one e-mail address. */
export const userRow = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });

/**
 * The invitee's side, in their own browser page: sign up with the invited address, verify it (an
 * invite needs a verified address), follow the invitation e-mail home and accept it there.
 */
export const acceptInviteAs = async (page: Page, invitee: TestUser, workspaceName: string) => {
  await signUp(page, invitee);
  await verifyEmail(page, invitee);
  await openMailLink(page, invitee.email, 'You have been invited to a project on Billbridge');
  await expect(page).toHaveURL(/\/dashboard$/);
  const invitation = page.getByRole('article', { name: workspaceName });
  await expect(invitation).toBeVisible();
  await expectAccessible(page, 'an invitation');
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(invitation).toHaveCount(0);
  await expect(page.getByRole('link', { name: workspaceName })).toBeVisible();
};

/** A new owner with a verified address (invites need one) and their new workspace. */
export const verifiedOwnerWorkspace = async (page: Page, workspaceName: string, label = 'owner') => {
  const owner = await signUp(page, newUser(label));
  await verifyEmail(page, owner);
  return { owner, id: await createWorkspace(page, workspaceName) };
};

/** A plain member (access only) of the workspace, signed in on a browser context of their own. */
export const plainMemberPage = async (page: Page, browser: Browser, id: string, workspaceName: string) => {
  const member = newUser('plain');
  await inviteByEmail(page, id, member.email);
  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await acceptInviteAs(memberPage, member, workspaceName);
  return memberPage;
};
