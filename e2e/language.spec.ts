import { expect, test } from '@playwright/test';
import { newUser, signUp } from './support/accounts.ts';

test('the language selector switches the UI to Chinese and it stays Chinese after a reload', async ({
  page,
}) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });

  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '邮箱' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await page.reload();

  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await expect(page.getByRole('link', { name: '注册' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('the signed-in layout switches language from its top bar and back to English', async ({ page }) => {
  await signUp(page, newUser('lang'));

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  await expect(page.getByRole('heading', { name: '我的订阅' })).toBeVisible();
  await expect(page.getByRole('link', { name: '订阅列表' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: '我的订阅' })).toBeVisible();

  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { name: 'Your subscriptions' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
