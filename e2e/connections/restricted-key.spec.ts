import { expect, test, type Page } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import {
  addHubspotDestination,
  addStripeSource,
  connectHubspot,
  controlForm,
  openControlPage,
} from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

/**
 * On the control page: a Stripe account not connected to the platform, and a restricted key of it
 * made with the dashboard's form (`none` lists the resources to leave at None). Returns the key.
 */
const restrictedKeyOf = async (control: Page, business: string, none: string[] = []): Promise<string> => {
  await control.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  const account = controlForm(control, 'Create Stripe account');
  await account.getByLabel('Business name').fill(business);
  await account.getByLabel('Connect to the platform now').selectOption('false');
  await account.getByRole('button').click();
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  const form = controlForm(control, 'Create restricted key');
  for (const resource of none) await form.locator(`select[name="${resource}"]`).selectOption('none');
  await form.getByRole('button').click();
  const notice = (await control.getByText(/^Created restricted key rk_test_\w+$/).textContent()) ?? '';
  return /rk_test_\w+/.exec(notice)?.[0] ?? '';
};

test('a source connected with a restricted key syncs a new Stripe customer to HubSpot', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('rkey'));
  const id = await createWorkspace(page, 'Key Shop');
  const business = `Key Co ${Date.now()}`;
  const portalName = `Key portal ${Date.now()}`;

  await addHubspotDestination(page, id);
  await connectHubspot(page, portalName);
  await expect(page.getByRole('status')).toContainText('HubSpot connected');
  await page.getByRole('switch', { name: 'Sync enabled' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');

  const control = await openControlPage(page);
  const key = await restrictedKeyOf(control, business);

  await addStripeSource(page, id);
  await page.getByRole('button', { name: 'Use a restricted key' }).click();
  const permissions = page.getByTestId('restricted-key-permissions');
  await expect(permissions).toContainText('Customers: Read');
  await expect(permissions).toContainText('Webhook Endpoints: Write');
  await expectAccessible(page, 'restricted key form');
  await page.getByLabel('Restricted key').fill(key);
  await page.getByRole('button', { name: 'Check and connect' }).click();
  await expect(page.getByText('Restricted key (read-only)')).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);
  await expectAccessible(page, 'connected with a restricted key');
  await page.getByRole('switch', { name: 'Sync enabled' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');

  // A new customer in that Stripe account reaches the portal through the source's own endpoint.
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  const customer = controlForm(control, 'Create customer');
  await customer.getByLabel('Name').fill('Kim Key');
  await customer.getByLabel('E-mail').fill('kim.key@example.com');
  await customer.getByRole('button').click();
  await expect(control.getByText(/^Created customer/)).toBeVisible();

  const portal = await context.newPage();
  await portal.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  await expect(async () => {
    await portal.reload();
    await expect(portal.getByText('kim.key@example.com')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000, intervals: [250] });
});

test('in Chinese, the page lists the permissions and names the one a key lacks', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('rkeyzh'));
  const id = await createWorkspace(page, 'Key Shop zh');
  const control = await openControlPage(page);
  const key = await restrictedKeyOf(control, `Key Co zh ${Date.now()}`, ['events']);

  await addStripeSource(page, id);
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  await page.getByRole('button', { name: '使用受限密钥' }).click();
  await expect(page.getByTestId('restricted-key-permissions')).toContainText('客户: 读取');
  await expect(page.getByTestId('restricted-key-permissions')).toContainText('Webhook 端点: 写入');
  await page.getByLabel('受限密钥').fill(key);
  await page.getByRole('button', { name: '检查并连接' }).click();
  await expect(page.getByRole('alert')).toContainText('此密钥缺少“事件：读取”权限。');
  await expectAccessible(page, 'restricted key refused');
});
