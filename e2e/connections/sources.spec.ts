import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUp } from '../support/accounts.ts';
import { addStripeSource, connectStripe } from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('an admin adds a Stripe source, connects it on the consent page, switches it on, and deletes it', async ({
  page,
}) => {
  await signUp(page, newUser('stripe'));
  const id = await createWorkspace(page, 'Stripe Shop');

  await page.goto(`/subscription/${id}/sources`);
  await expect(page.getByText('No sources yet.')).toBeVisible();
  const sourceId = await addStripeSource(page, id);

  await expect(page.getByText('Not connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Sync enabled' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await connectStripe(page);
  await expect(page.getByRole('status')).toContainText('Stripe connected');
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/sources/${sourceId}$`));
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  const facts = page.getByTestId('account-facts');
  await expect(facts).toContainText(/acct_/);
  await expect(facts).toContainText('Charges enabled');

  await page.getByRole('textbox', { name: 'Name' }).fill('Main account');
  await page.getByRole('switch', { name: 'Sync enabled' }).check();
  await page.getByRole('switch', { name: 'Products' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  const imported = page.getByRole('region', { name: 'Import of existing data' });
  // The first switch-on previews the import; it runs once Import is pressed (decision 070).
  await imported.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(imported.getByText('Done', { exact: true })).toBeVisible();
  await expect(imported.getByTestId('backfill-customers')).toContainText('Imported');
  await expect(imported.getByTestId('backfill-products')).toHaveCount(0);
  await imported.getByRole('button', { name: 'Run the import again' }).click();
  await expect(imported.getByText('Done', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Main account');
  await expect(page.getByRole('switch', { name: 'Sync enabled' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Products' })).not.toBeChecked();

  await page.goto(`/subscription/${id}/sources`);
  const card = page.getByRole('link', { name: 'Main account' });
  await expect(card).toContainText('Enabled');
  await expect(card).toContainText(sourceId);
  await expectAccessible(page, 'one source');
  await card.click();

  // Reconnect: the account is let go, then the consent page connects another one.
  const firstAccount = (await facts.locator('code').textContent()) ?? '';
  expect(firstAccount).toMatch(/^acct_\w+$/);
  await page.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page.getByRole('heading', { name: /Connect .* to Stripe/ })).toBeVisible();
  await page.getByLabel('New account').check();
  await page.getByLabel('Business name').fill(`Second shop ${Date.now()}`);
  await page.getByRole('button', { name: 'Allow access' }).click();
  await expect(page.getByRole('status')).toContainText('Stripe connected');
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/sources/${sourceId}$`));
  await expect(facts).toContainText(/acct_/);
  await expect(facts).not.toContainText(firstAccount);
  // It was switched on before the reconnect, and syncs again without a trip to the switch.
  await expect(page.getByRole('switch', { name: 'Sync enabled' })).toBeChecked();

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Not connected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this source?' });
  const confirm = dialog.getByRole('button', { name: 'Delete' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'ID' }).fill(sourceId.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'ID' }).fill(sourceId);
  await confirm.click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/sources$`));
  await expect(page.getByText('No sources yet.')).toBeVisible();
  await page.goto(`/subscription/${id}/sources/${sourceId}`);
  await expect(page.getByRole('alert')).toHaveText('This source does not exist, or it was deleted.');
});

test('the connection pages and the server’s reasons read in Chinese', async ({ page }) => {
  await signUp(page, newUser('zh-sources'));
  const id = await createWorkspace(page, 'Chinese Shop');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });

  await page.goto(`/subscription/${id}/sources`);
  await expect(page.getByRole('heading', { name: '数据源' })).toBeVisible();
  await expect(page.getByText('还没有数据源。添加一个 Stripe 账户即可开始同步。')).toBeVisible();
  await page.getByRole('link', { name: '新建数据源' }).click();
  await page.getByRole('button', { name: '添加 Stripe 数据源' }).click();
  await expect(page.getByRole('button', { name: '连接 Stripe' })).toBeVisible();
  await expect(page.getByText('未连接', { exact: true })).toBeVisible();
  const sourceId = /\/sources\/([^/]+)$/.exec(page.url())?.[1] ?? '';

  // A refused link: the callback's own text and the server's reason, both in Chinese.
  await page.goto(`/stripe/callback?code=ac_1&state=${id}:${sourceId}:forged`);
  await expect(page.getByRole('alert')).toContainText('Stripe 未连接');
  await expect(page.getByRole('alert')).toContainText('此连接链接无效或已被使用。请重新开始连接。');

  await page.goto(`/subscription/${id}/destinations`);
  await expect(page.getByText('还没有目标。添加一个 HubSpot 门户来接收您的账单数据。')).toBeVisible();
  await page.getByRole('link', { name: '新建目标' }).click();
  await page.getByRole('button', { name: '添加 HubSpot 目标' }).click();
  await expect(page.getByRole('button', { name: '连接 HubSpot' })).toBeVisible();
  await expect(page.getByText('管道映射')).toBeVisible();
});
