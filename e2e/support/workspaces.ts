import { expect, type Page } from '@playwright/test';
import type { Subscription } from '@billbridge/contract';

/** The signed-in user's id, read the way the app reads it. */
export const currentUserId = async (page: Page): Promise<string> => {
  const response = await page.request.get('/api/auth/get-session');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { user?: { id?: string } } | null;
  const id = body?.user?.id;
  if (!id) throw new Error('No session: sign in before asking for the user id.');
  return id;
};

type Membership = { admin?: boolean; owner?: boolean };

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
    status: 'active',
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
