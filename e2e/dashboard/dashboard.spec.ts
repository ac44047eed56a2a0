import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUp } from '../support/accounts.ts';
import {
  addHubspotDestination,
  addStripeSource,
  choose,
  connectHubspot,
  connectStripe,
  controlForm,
  openControlPage,
  switchOnAndSave,
} from '../support/connections.ts';
import { createWorkspace, currentUserId, serveWorkspace } from '../support/workspaces.ts';

test('a new workspace’s dashboard leads with four first steps, then shows a synced event live in the list, the chart and the usage', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('dashboard'));
  const id = await createWorkspace(page, 'Dash Shop');
  const business = `Dash ${Date.now()}`;

  // A new workspace: nothing connected, every first step still to do, nothing counted.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview).toContainText('Dash Shop');
  await expect(overview).toContainText('Active');
  await expect(overview).toContainText('Plan: Free');
  const steps = page.getByRole('region', { name: 'Get started' });
  for (const step of ['Connect a Stripe account', 'Connect a HubSpot portal', 'Add a pipeline mapping rule'])
    await expect(steps.getByRole('listitem', { name: `${step}: to do` })).toBeVisible();
  const sources = page.getByRole('region', { name: 'Connected sources' });
  await expect(sources.getByTestId('count')).toHaveText('0');
  await expect(sources.getByRole('link', { name: 'Add' })).toHaveAttribute(
    'href',
    `/subscription/${id}/sources/new`,
  );
  await expect(page.getByTestId('usage-figure')).toHaveText('0 of 1,000 events');
  await expect(page.getByTestId('total-events')).toHaveText('0 events in total');
  await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText('No activity yet.');

  // Connect Stripe (switched on) and HubSpot with one rule, from the steps' links.
  await steps.getByRole('link', { name: 'Connect a Stripe account' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/sources$`));
  await addStripeSource(page, id);
  await connectStripe(page, business);
  await switchOnAndSave(page);
  await addHubspotDestination(page, id);
  await connectHubspot(page);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rule = page.getByRole('group', { name: 'Edit rule' });
  await choose(rule, 'Stripe status', 'active');
  await choose(rule, 'HubSpot stage', 'Closed Won');
  await rule.getByRole('button', { name: 'Done' }).click();
  await switchOnAndSave(page);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(steps.getByRole('listitem', { name: 'Connect a Stripe account: done' })).toBeVisible();
  await expect(steps.getByRole('listitem', { name: 'Connect a HubSpot portal: done' })).toBeVisible();
  await expect(steps.getByRole('listitem', { name: 'Add a pipeline mapping rule: done' })).toBeVisible();
  await expect(steps.getByRole('listitem', { name: 'Sync your first event: to do' })).toBeVisible();
  await expect(sources.getByTestId('count')).toHaveText('1');
  await expect(sources.getByRole('link', { name: 'Manage' })).toBeVisible();

  // A customer created in Stripe reaches the open dashboard without a reload.
  const control = await openControlPage(page);
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  const customer = controlForm(control, 'Create customer');
  await customer.getByLabel('Name').fill('Dana Dash');
  await customer.getByLabel('E-mail').fill('dana.dash@example.com');
  const sentAt = Date.now();
  await customer.getByRole('button').click();
  await expect(control.getByText(/^Created customer/)).toBeVisible();
  const row = page.getByRole('region', { name: 'Recent activity' }).getByRole('row', { name: /^evt_/ });
  await expect(row.first()).toContainText('customer.created', { timeout: 15_000 });
  await expect(row.first()).toContainText('Success', { timeout: 15_000 });
  console.log(`dashboard: customer created → success row ${Date.now() - sentAt} ms`);
  await expect(page.getByTestId('total-events')).toHaveText('1 event in total');
  await expect(page.getByTestId('usage-figure')).toHaveText('1 of 1,000 events');
  await expect(steps).toBeHidden();

  // The chart's filter: one type, its total; switching it off leaves none of one selected.
  const filter = page.getByRole('button', { name: 'Event types (1/1)' });
  await filter.click();
  const types = page.getByRole('group', { name: 'Event types shown on the chart' });
  await expect(types).toContainText('Customer');
  await types.getByRole('checkbox', { name: 'Customer' }).uncheck();
  await expect(page.getByRole('button', { name: 'Event types (0/1)' })).toBeVisible();
  await types.getByRole('checkbox', { name: 'Customer' }).check();
  await expect(page.getByRole('button', { name: 'Event types (1/1)' })).toBeVisible();
});

test('the dashboard reads in Chinese, and /docs opens from its quick links without a sign-in', async ({
  page,
}) => {
  await signUp(page, newUser('dash-zh'));
  await createWorkspace(page, 'Zh Shop');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('中文');
  await expect(page.getByRole('heading', { name: '仪表板', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: '开始使用' })).toContainText('连接 Stripe 账户');
  await expect(page.getByTestId('usage-figure')).toHaveText('0 / 1,000 个事件');
  await expect(page.getByRole('region', { name: '最近活动' })).toContainText('暂无活动。');

  await page.getByRole('link', { name: '文档' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('article')).toBeVisible();
  await expectAccessible(page, 'signed in');
  await page.context().clearCookies();
  await page.reload();
  await expect(page.getByRole('article')).toBeVisible();
});

test('a capped workspace’s dashboard says syncing is paused and links a plan change; a past-due one links billing', async ({
  page,
}) => {
  await signUp(page, newUser('dash-status'));
  const userId = await currentUserId(page);
  await serveWorkspace(page, userId, { owner: true, admin: true, status: 'capped' });
  await page.goto('/subscription/ws_e2e');
  const capped = page.getByRole('alert').filter({ hasText: 'Syncing is paused' });
  await expect(capped.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
    'href',
    '/subscription/ws_e2e/billing/change-plan',
  );
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('Capped');
  await expectAccessible(page, 'capped');

  await page.unrouteAll();
  await serveWorkspace(page, userId, { owner: true, admin: true, status: 'past_due' });
  await page.reload();
  const pastDue = page.getByRole('alert').filter({ hasText: 'Payment past due' });
  await expect(pastDue.getByRole('link', { name: 'Go to billing' })).toHaveAttribute(
    'href',
    '/subscription/ws_e2e/billing',
  );
  await expect(page.getByRole('alert').filter({ hasText: 'Syncing is paused' })).toHaveCount(0);
  await expectAccessible(page, 'past due');
});
