import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUpVerified } from '../support/accounts.ts';
import { anAddress, createPaidWorkspace, fillAddress, fillCard, invoiceRows } from '../support/billing.ts';
import { createWorkspace } from '../support/workspaces.ts';

const ownerActions = [
  'Update billing details',
  'Manage payment methods',
  'Change plan',
  'Transfer ownership',
  'Cancel subscription',
];

test('the owner moves Pro to Business, then cancels by typing the id: canceled badge, owner actions disabled', async ({
  page,
}) => {
  await signUpVerified(page, newUser('changer'));
  const { id } = await createPaidWorkspace(page, 'Pro');
  await page.goto(`/subscription/${id}/billing`);
  await page.getByRole('button', { name: 'Change plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing/change-plan$`));
  await expectAccessible(page);
  await expect(
    page.getByRole('region', { name: 'Pro' }).getByRole('button', { name: 'Current plan' }),
  ).toBeDisabled();
  await page.getByRole('button', { name: 'Choose Business' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing$`));
  await expect(page.getByTestId('current-plan')).toHaveText('Business');

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing/cancel$`));
  await expectAccessible(page);
  const confirm = page.getByRole('button', { name: 'Cancel subscription' });
  const typed = page.getByRole('textbox', { name: 'Subscription ID' });
  await typed.fill(`${id}x`);
  await expect(confirm).toBeDisabled();
  await typed.fill(id);
  await confirm.click();

  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing$`));
  await expect(page.getByTestId('billing-status')).toHaveText('Canceled');
  await expect(page.getByText('This subscription has been canceled')).toBeVisible();
  for (const name of ownerActions) await expect(page.getByRole('button', { name })).toBeDisabled();
  await page.getByTestId('guarded-action').filter({ hasText: 'Change plan' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('This subscription has already been canceled');
  // The invoices stay readable.
  await expect(invoiceRows(page).first()).toBeVisible();
});

test('a free workspace moves to Pro through the billing step', async ({ page }) => {
  await signUpVerified(page, newUser('upgrader'));
  const id = await createWorkspace(page, 'Small shop');
  await page.goto(`/subscription/${id}/billing/change-plan`);
  await expect(
    page.getByRole('region', { name: 'Free' }).getByRole('button', { name: 'Current plan' }),
  ).toBeDisabled();
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Billing for Pro' })).toBeVisible();
  await fillAddress(page, anAddress);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing$`));
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  await expect(invoiceRows(page)).toHaveCount(1);
  await expect(invoiceRows(page).first()).toContainText('$49.00');
});

test('the billing page and the billing step in Chinese', async ({ page }) => {
  await signUpVerified(page, newUser('zh-billing'));
  const { id } = await createPaidWorkspace(page, 'Pro');
  await page.goto(`/subscription/${id}/billing`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });

  await expect(page.getByRole('heading', { name: '账单', exact: true })).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('专业版');
  await expect(page.getByTestId('billing-status')).toHaveText('活跃');
  for (const name of ['更新账单信息', '管理支付方式', '更改套餐', '转让所有权', '取消订阅'])
    await expect(page.getByRole('button', { name })).toBeEnabled();
  const table = page.getByRole('table', { name: '发票' });
  await expect(table.getByRole('columnheader')).toHaveText(['编号', '日期', '金额', '状态']);
  await expect(table.locator('tbody').getByRole('row').first()).toContainText('US$49.00');
  await expect(table.locator('tbody').getByRole('row').first()).toContainText('已付');
  await expect(page.getByTestId('pagination-summary')).toHaveText('显示第 1 至 1 条，共 1 条结果');

  await page.goto('/create-plan');
  await page.getByRole('button', { name: '选择商业版' }).click();
  await expect(page.getByRole('heading', { name: '商业版的账单信息' })).toBeVisible();
  // Spec §9: the address starts in China for Chinese.
  await expect(page.getByRole('textbox', { name: 'Country (2 letters)' })).toHaveValue('CN');
});
