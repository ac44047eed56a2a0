import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { fillSignIn, giveOwnAddress, newUser, signOut, signUp } from '../support/accounts.ts';
import { mailLinkOf, openMailLink } from '../support/mailbox.ts';

test('a forgotten password is reset through the e-mailed link, once', async ({ page }) => {
  const user = await signUp(page, newUser('forgot'));
  await signOut(page);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for this email, we sent it a link to reset the password. Check your inbox.',
  );

  const link = await mailLinkOf(page, user.email, 'Reset your Billbridge password');
  await openMailLink(page, user.email, 'Reset your Billbridge password');
  await expect(page.getByText(`Choose a new password for ${user.email}.`)).toBeVisible();

  const newPassword = page.getByRole('textbox', { name: 'New password', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Confirm new password' });
  await newPassword.fill('brand-new-secret');
  await confirm.fill('brand-new-secreT');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();

  await newPassword.fill('abc');
  await confirm.fill('abc');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('The passwords must match and be at least 8 characters long')).toBeVisible();

  await newPassword.fill('qwertyuiop');
  await confirm.fill('qwertyuiop');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText('This password is too common.');

  await newPassword.fill('brand-new-secret');
  await confirm.fill('brand-new-secret');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();

  await fillSignIn(page, { email: user.email, password: user.password });
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
  await fillSignIn(page, { email: user.email, password: 'brand-new-secret' });
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has already been used.');
});

test('asking for an unknown address answers the same as for a real one', async ({ page }) => {
  await giveOwnAddress(page);
  await page.goto('/reset-password');
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody-at-all@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for this email, we sent it a link to reset the password. Check your inbox.',
  );
});

test('重置密码：保存中文后，整个流程和邮件都使用中文', async ({ page }) => {
  const user = await signUp(page, newUser('zh-reset'));
  await page.goto('/profile');
  const saved = page.waitForResponse('**/api/functions/updateProfile');
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('中文').click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole('heading', { name: '个人资料' })).toBeVisible();
  await page.getByRole('button', { name: '账户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByRole('link', { name: '忘记密码？' }).click();
  // The sign-in page has an 邮箱 field too: fill the one on the reset page once it is shown.
  await expect(page.getByRole('heading', { name: '重置密码' })).toBeVisible();
  await page.getByRole('textbox', { name: '邮箱' }).fill(user.email);
  await page.getByRole('button', { name: '发送重置链接' }).click();
  await expect(page.getByRole('status')).toHaveText(
    '如果存在使用此邮箱的账户，我们已向其发送重置密码的链接。请查收邮件。',
  );

  await openMailLink(page, user.email, '重置您的 Billbridge 密码');
  await expect(page.getByText(`为 ${user.email} 设置新密码。`)).toBeVisible();
  await page.getByRole('textbox', { name: '新密码', exact: true }).fill('新的密码很安全');
  await page.getByRole('textbox', { name: '确认新密码' }).fill('新的密码很不安全');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();

  // Seven characters: the form holds the contract's minimum of eight, as the server does.
  await page.getByRole('textbox', { name: '确认新密码' }).fill('新的密码很安全');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('两次输入的密码必须一致，且至少 8 个字符')).toBeVisible();

  await page.getByRole('textbox', { name: '新密码', exact: true }).fill('新的密码非常非常安全');
  await page.getByRole('textbox', { name: '确认新密码' }).fill('新的密码非常非常安全');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('您的密码已重置，请使用新密码登录。')).toBeVisible();
  await page.getByRole('link', { name: '继续' }).click();

  await page.getByRole('textbox', { name: '邮箱' }).fill(user.email);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill('新的密码非常非常安全');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('heading', { name: '我的订阅' })).toBeVisible();
});
