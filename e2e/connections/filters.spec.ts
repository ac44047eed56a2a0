import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUp } from '../support/accounts.ts';
import { choose, openControlPage, setUpSync, startTrial, untilShown } from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('an admin lets only paying customers through: a trialing customer is filtered in the activity log (en, zh) and reaches the portal once it pays', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUp(page, newUser('filters'));
  const id = await createWorkspace(page, 'Filter Shop');
  const business = `Filters ${Date.now()}`;
  const portalName = `Filters portal ${Date.now()}`;
  await setUpSync(page, id, { business, portalName, stage: 'Closed Won' });

  // On the source's page, beside what to sync: only customers who have paid at least once.
  await page.goto(`/subscription/${id}/sources`);
  await page.getByRole('link', { name: /^Stripe Untitled/ }).click();
  const sourcePage = page.url();
  const paying = page.getByRole('switch', { name: 'Only customers who have paid at least once' });
  await paying.check();
  await expectAccessible(page, 'a filter set');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  await page.reload();
  await expect(paying).toBeChecked();

  // A customer on a trial has not paid: its events are filtered, and it is not in the portal.
  const control = await openControlPage(page);
  const dealName = await startTrial(control, business, {
    product: 'Filtered plan',
    customer: { name: 'Tess Trial', email: 'tess.trial@example.com' },
  });
  const subscriptionId = dealName.replace('Subscription ', '');

  await page.goto(`/subscription/${id}/activity`);
  await choose(page.getByRole('search', { name: 'Filter the activity log' }), 'Status', 'Filtered');
  const log = page.getByRole('table', { name: 'Activity log' });
  const created = log.getByRole('row', { name: /^evt_/ }).filter({ hasText: 'customer.created' });
  await expect(created).toHaveCount(1, { timeout: 20_000 });
  await expect(created).toContainText('Filtered');
  await expect(created).toContainText('Filtered: the customer has not paid yet');
  await expectAccessible(page, 'filtered events');

  // The same in Chinese: the log's status filter and the source's filters.
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  const createdZh = page
    .getByRole('table', { name: '活动日志' })
    .getByRole('row', { name: /^evt_/ })
    .filter({ hasText: 'customer.created' });
  await expect(createdZh).toContainText('已过滤：该客户尚未付款');
  await expect(page.getByRole('search').getByRole('combobox', { name: '状态' })).toHaveValue('已过滤');
  await expectAccessible(page, 'filtered events, zh');
  await page.goto(sourcePage);
  await expect(page.getByRole('switch', { name: '仅同步至少付过一次款的客户' })).toBeChecked();
  await expect(page.getByText('哪些客户同步到 HubSpot')).toBeVisible();
  await expectAccessible(page, 'filters, zh');

  // It pays: the customer and its billing subscription's deal reach the portal.
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  const subscriptionRow = control.getByRole('row').filter({ hasText: subscriptionId });
  await subscriptionRow.locator('select[name="status"]').selectOption('active');
  await subscriptionRow.getByRole('button', { name: 'Move' }).click();
  await expect(control.getByText(`${subscriptionId} is now active.`)).toBeVisible();
  await control.getByRole('banner').getByRole('link', { name: portalName }).click();
  await untilShown(control, 'Contacts', 'tess.trial@example.com');
  await untilShown(control, 'Sales Pipeline › Closed Won', dealName);
});
