import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { createWorkspace } from '../support/workspaces.ts';
import { choose, openControlPage, setUpSync, startTrial, untilShown } from '../support/connections.ts';

test('an admin previews what a changed rule does to the synced deals, saves it, and the deal follows', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('rules'));
  const id = await createWorkspace(page, 'Rules Shop');
  const business = `Rules ${Date.now()}`;
  const portalName = `Rules portal ${Date.now()}`;
  const destinationPage = await setUpSync(page, id, {
    business,
    portalName,
    status: 'trialing',
    stage: 'Appointment Scheduled',
  });

  // A billing subscription on trial, synced as a deal in the stage of the rule.
  const control = await openControlPage(page);
  const dealName = await startTrial(control, business, {
    product: 'Trial plan',
    customer: { name: 'Rita Rules', email: 'rita.rules@example.com' },
  });
  const portal = await context.newPage();
  await portal.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  await untilShown(portal, 'Sales Pipeline › Appointment Scheduled', dealName);

  // The rule now leads to another stage: the preview counts the deal that would move.
  await page.goto(destinationPage);
  await page.getByRole('button', { name: 'Edit rule 1' }).click();
  await choose(page.getByRole('group', { name: 'Edit rule' }), 'HubSpot stage', 'Contract Sent');
  await page.getByRole('group', { name: 'Edit rule' }).getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Preview the effect' }).click();
  const preview = page.getByRole('status').filter({ hasText: 'What these rules would do' });
  await expect(preview).toContainText('1 billing subscription synced so far.');
  await expect(preview).toContainText('Rule 1 (trialing → Contract Sent): 1 billing subscription');
  await expect(preview).toContainText('No rule: 0 billing subscriptions (no deal written)');
  await expect(preview).toContainText('1 deal would move to Contract Sent (Sales Pipeline)');
  // A preview only: the deal has not moved.
  await untilShown(portal, 'Sales Pipeline › Appointment Scheduled', dealName);

  // Saved, then re-evaluated: the deal moves to the new stage.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  await page.getByRole('button', { name: 'Re-evaluate synced deals' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '1 deal moving to Contract Sent (Sales Pipeline).' }),
  ).toBeVisible();
  await untilShown(portal, 'Sales Pipeline › Contract Sent', dealName);
  await expect(
    portal.getByRole('region', { name: 'Sales Pipeline › Appointment Scheduled' }),
  ).not.toContainText(dealName);

  // Nothing left to move the second time.
  await page.getByRole('button', { name: 'Re-evaluate synced deals' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Every deal is already in the stage the rules give it.' }),
  ).toBeVisible();
});

test('the preview and the re-evaluation speak Chinese too', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('rules-zh'));
  const id = await createWorkspace(page, 'Rules ZH');
  await setUpSync(page, id, {
    business: `Rules ZH ${Date.now()}`,
    portalName: `Rules ZH portal ${Date.now()}`,
    status: 'active',
    stage: 'Closed Won',
  });
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  await page.getByRole('button', { name: '重新评估已同步的交易' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '所有交易都已处于规则对应的阶段。' }),
  ).toBeVisible();
  await page.getByRole('button', { name: '编辑规则 1' }).click();
  await choose(page.getByRole('group', { name: '编辑规则' }), 'HubSpot 阶段', 'Closed Lost');
  await page.getByRole('group', { name: '编辑规则' }).getByRole('button', { name: '完成' }).click();
  await page.getByRole('button', { name: '预览效果' }).click();
  const preview = page.getByRole('status').filter({ hasText: '这些规则的效果' });
  await expect(preview).toContainText('目前已同步 0 个订阅。');
  await expect(preview).toContainText('没有交易会改变阶段。');
});
