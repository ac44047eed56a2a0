import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { newUser, signUp } from './support/accounts.ts';
import { currentUserId, serveWorkspace } from './support/workspaces.ts';

test('a plain member sees the workspace dashboard, and admin pages say they need an administrator', async ({
  page,
}) => {
  await signUp(page, newUser('member'));
  await serveWorkspace(page, await currentUserId(page), {});

  await page.goto('/subscription/ws_e2e');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  // Sources and destinations need admin (spec §2 route table): no link leads a member to a refusal.
  await expect(navigation.getByRole('link', { name: 'Sources' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Destinations' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Users' })).toHaveCount(0);
  // Its figures come from a workspace the server does not know: each part fails on its own (spec §8),
  // and a member is offered no links to admin pages.
  await expect(page.getByRole('region', { name: 'Connected sources' }).getByTestId('count')).toHaveText('0');
  await expect(page.getByText('Failed to load recent activity')).toBeVisible();
  await expect(page.getByText('Failed to load the activity summary')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Billing' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Documentation' })).toBeVisible();

  for (const path of ['users', 'activity', 'sources', 'sources/new', 'destinations', 'destinations/dst_1']) {
    await page.goto(`/subscription/ws_e2e/${path}`);
    const refusal = page.getByRole('alert').filter({ hasText: 'You cannot open this page' });
    await expect(refusal).toContainText('It needs the Administrator permission');
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  }
  // One refusal page serves every path: it is checked once, on the last.
  await expectAccessible(page, 'needs an administrator');
});

test('an admin reaches admin pages but not the owner-only ones', async ({ page }) => {
  await signUp(page, newUser('admin'));
  await serveWorkspace(page, await currentUserId(page), { admin: true });

  await page.goto('/subscription/ws_e2e');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page).toHaveURL(/\/subscription\/ws_e2e\/users$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  await page.goto('/subscription/ws_e2e/billing/change-plan');
  await expect(page.getByRole('alert').filter({ hasText: 'You cannot open this page' })).toContainText(
    'Only the owner of this subscription can open it.',
  );
  await expectAccessible(page, 'owner only');
});

test('the owner reaches owner-only pages', async ({ page }) => {
  await signUp(page, newUser('owner'));
  await serveWorkspace(page, await currentUserId(page), { admin: true, owner: true });

  await page.goto('/subscription/ws_e2e/billing/transfer-ownership');

  await expect(page.getByRole('heading', { name: 'Transfer ownership' })).toBeVisible();
});
