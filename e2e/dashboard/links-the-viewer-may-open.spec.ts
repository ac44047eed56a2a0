import { expect, test } from '@playwright/test';
import { keyedError, serverMessages } from '@billbridge/contract';
import { newUser, signUp } from '../support/accounts.ts';
import { currentUserId, serveWorkspace } from '../support/workspaces.ts';

test('an admin who is not the owner is told to ask the owner, not linked to owner-only pages', async ({
  page,
}) => {
  await signUp(page, newUser('not-owner'));
  const userId = await currentUserId(page);
  await serveWorkspace(page, userId, { admin: true, status: 'capped' });
  await page.goto('/subscription/ws_e2e');
  const capped = page.getByRole('alert').filter({ hasText: 'Syncing is paused' });
  await expect(capped).toContainText('Only the owner of this subscription can change its plan');
  await expect(capped.getByRole('link')).toHaveCount(0);

  await page.unrouteAll();
  await serveWorkspace(page, userId, { admin: true, status: 'past_due' });
  await page.reload();
  const pastDue = page.getByRole('alert').filter({ hasText: 'Payment past due' });
  await expect(pastDue).toContainText('Only the owner of this subscription can update its payment method');
  await expect(pastDue.getByRole('link')).toHaveCount(0);
});

test('a Chinese reader reads the refusals in Chinese: a closed page, a capped plan, billing not configured', async ({
  page,
}) => {
  await signUp(page, newUser('zh-refusals'));
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  await expect(page.getByRole('heading', { name: '我的订阅' })).toBeVisible();

  await serveWorkspace(page, await currentUserId(page), { status: 'capped' });
  await page.goto('/subscription/ws_e2e');
  await expect(page.getByRole('alert').filter({ hasText: '同步已暂停' })).toContainText(
    '只有此订阅的所有者可以更改套餐',
  );
  await page.goto('/subscription/ws_e2e/sources');
  await expect(page.getByRole('alert').filter({ hasText: '你无法打开此页面' })).toContainText(
    '它需要管理员权限',
  );

  // A server without Stripe keys refuses by key, as getBillingConfig does (billing-not-configured test).
  const refusal = keyedError('failed-precondition', serverMessages, 'billingUnavailable');
  await page.route('**/api/functions/getBillingConfig', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify(refusal.toEnvelope()),
    }),
  );
  await page.goto('/create-plan');
  await page.getByRole('button', { name: '选择专业版' }).click();
  await expect(page.getByText('此服务器未配置计费')).toBeVisible();
});
