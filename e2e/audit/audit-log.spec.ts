import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { fillSignIn, newUser, signOut, signUp } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { addHubspotDestination, choose, connectHubspot } from '../support/connections.ts';
import { fitsTheWidth } from '../support/small-screen.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('an admin remaps a rule and the audit log shows it before → after, in English and Chinese, and as CSV', async ({
  page,
}) => {
  const admin = newUser('audit');
  await signUp(page, admin);
  const id = await createWorkspace(page, 'Audit Shop');
  await addHubspotDestination(page, id);
  await connectHubspot(page);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add rule' }).click();
  await choose(page, 'HubSpot stage', 'Contract Sent');
  await page.getByRole('group', { name: 'Edit rule' }).getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  // The remap: the same rule now moves deals to Closed Won.
  await page.getByRole('button', { name: 'Edit rule 1' }).click();
  await choose(page, 'HubSpot stage', 'Closed Won');
  await page.getByRole('group', { name: 'Edit rule' }).getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/audit-log$`));
  // The pointer leaves the link it clicked: the page is checked as it rests, not hovered.
  await page.mouse.move(640, 700);
  const log = page.getByRole('table', { name: 'Audit log' });
  const remap = log.getByRole('row').filter({ hasText: 'contractsent → closedwon' });
  await expect(remap).toHaveCount(1);
  await expect(remap).toContainText('Mapping rules or name changed');
  await expect(remap).toContainText(admin.email);
  await expect(remap).toContainText('Destination:');
  await expect(log.getByRole('row').filter({ hasText: 'Destination connected' })).toHaveCount(1);
  await expectAccessible(page);

  // Only the remaps: the kind filter.
  await choose(page, 'Change', 'Mapping rules or name changed');
  await expect(log.getByRole('row')).toHaveCount(3);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^audit-log-${id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  // A record starts with its time: a cell of several changes holds line breaks of its own.
  const [header, ...rows] = csv.trimEnd().split(/\n(?=\d{4}-\d{2}-\d{2}T)/);
  expect(header).toBe(
    'time,actor_type,actor_email,kind,target_type,target_id,target_name,changes,ip,user_agent',
  );
  expect(rows).toHaveLength(2);
  expect(rows[0]).toContain(`user,${admin.email},destination.settings_changed,destination`);
  expect(rows[0]).toContain('contractsent → closedwon');

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  await expect(page.getByRole('heading', { name: '审计日志' })).toBeVisible();
  const logZh = page.getByRole('table', { name: '审计日志' });
  const remapZh = logZh.getByRole('row').filter({ hasText: 'contractsent → closedwon' });
  await expect(remapZh).toContainText('已更改映射规则或名称');
  await expect(remapZh).toContainText('目标:');
  await expectAccessible(page, 'zh');

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(remapZh).toBeVisible();
  await fitsTheWidth(page);
  await expectAccessible(page, 'zh, 375 px');
});

test('the profile shows the user’s own sign-ins, a failed one too, in English and Chinese at 375 px', async ({
  page,
}) => {
  const user = await signUp(page, newUser('security'));
  await signOut(page);
  await fillSignIn(page, { ...user, password: 'not the password' });
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
  await fillSignIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile');
  const activity = page.getByRole('table', { name: 'Security activity' });
  await expect(activity.getByRole('row')).toHaveCount(4);
  await expect(activity.getByRole('row').nth(1)).toContainText('Signed in');
  await expect(activity.getByRole('row').nth(2)).toContainText('Failed sign-in');
  await expect(activity.getByRole('row').nth(3)).toContainText('Signed out');
  await expectAccessible(page, 'security activity');

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  const activityZh = page.getByRole('table', { name: '安全活动' });
  await expect(activityZh.getByRole('row').nth(2)).toContainText('登录失败');
  await page.setViewportSize({ width: 375, height: 800 });
  await fitsTheWidth(page);
  await expectAccessible(page, 'security activity, zh, 375 px');
});
