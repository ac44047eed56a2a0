import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUp } from '../support/accounts.ts';
import { customersSignUp } from '../support/billing.ts';
import {
  addHubspotDestination,
  addStripeSource,
  choose,
  connectHubspot,
  connectStripe,
  openControlPage,
  startTrial,
  switchOnAndSave,
  untilShown,
} from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('switching a source on first previews its import, in English and Chinese, then Import brings the records into the portal', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await signUp(page, newUser('preview'));
  const id = await createWorkspace(page, 'Preview Shop');
  const business = `Preview ${Date.now()}`;
  const portalName = `Preview portal ${Date.now()}`;

  // A Stripe account with customers and a trial, connected but not switched on yet.
  const sourceId = await addStripeSource(page, id);
  await connectStripe(page, business);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  const account = (await page.getByTestId('account-facts').locator('code').textContent()) ?? '';
  expect(account).toMatch(/^acct_/);
  await customersSignUp(page, account, 3, 'preview');
  const control = await openControlPage(page);
  const dealName = await startTrial(control, business, {
    product: 'Preview plan',
    customer: { name: 'Tess Trial', email: 'tess@example.com' },
  });

  // A HubSpot portal whose rule puts trials in "Appointment Scheduled".
  await addHubspotDestination(page, id);
  await connectHubspot(page, portalName);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rule = page.getByRole('group', { name: 'Edit rule' });
  await choose(rule, 'Stripe status', 'trialing');
  await choose(rule, 'HubSpot stage', 'Appointment Scheduled');
  await rule.getByRole('button', { name: 'Done' }).click();
  await switchOnAndSave(page);

  // Switching the source on shows the preview; nothing is imported yet.
  await page.goto(`/subscription/${id}/sources/${sourceId}`);
  await switchOnAndSave(page);
  const imported = page.getByRole('region', { name: 'Import of existing data' });
  const preview = imported.getByTestId('import-preview');
  await expect(preview.getByRole('heading', { name: 'Before the first import' })).toBeVisible();
  await expect(preview.getByTestId('preview-customers')).toContainText(/Customers\s*4\s*4/);
  await expect(preview.getByTestId('preview-subscriptions')).toContainText(/Billing subscriptions\s*1\s*1/);
  await expect(preview.getByTestId('preview-contacts')).toHaveText(
    '0 of 4 customers with an e-mail address already have a contact in the portal: they will be updated, not duplicated.',
  );
  await expect(preview.getByTestId('preview-stage-appointmentscheduled')).toHaveText(
    /default\s*appointmentscheduled\s*1/,
  );
  const sample = preview.getByTestId('preview-sample');
  await expect(sample).toContainText('email: tess@example.com');
  await expect(sample).toContainText(`dealname: ${dealName}`);
  await expect(imported.getByText('Done', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'import preview');

  // In Chinese: the same preview, its buttons translated.
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  const importedZh = page.getByRole('region', { name: '导入已有数据' });
  await expect(importedZh.getByRole('heading', { name: '首次导入之前' })).toBeVisible();
  await expect(importedZh.getByTestId('preview-contacts')).toContainText('在 4 个有电子邮件地址的客户中');
  await expect(importedZh.getByRole('button', { name: '暂不导入' })).toBeVisible();
  await expectAccessible(page, 'import preview in Chinese');
  await importedZh.getByRole('button', { name: '导入', exact: true }).click();
  await expect(importedZh.getByText('已完成', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' });
  await expect(imported.getByTestId('backfill-customers')).toContainText('Imported');

  // The sandbox portal has the imported contacts and the trial's deal in its stage.
  const portal = await context.newPage();
  await portal.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  await untilShown(portal, 'Contacts', 'preview-2@example.com');
  await untilShown(portal, 'Contacts', 'tess@example.com');
  await untilShown(portal, 'Sales Pipeline › Appointment Scheduled', dealName);
});

test('"Not now" leaves the source on without importing, the import a button away', async ({ page }) => {
  await signUp(page, newUser('notnow'));
  const id = await createWorkspace(page, 'Later Shop');
  await addHubspotDestination(page, id);
  await connectHubspot(page, `Later portal ${Date.now()}`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await switchOnAndSave(page);
  await addStripeSource(page, id);
  await connectStripe(page, `Later ${Date.now()}`);
  await switchOnAndSave(page);
  const imported = page.getByRole('region', { name: 'Import of existing data' });
  await expect(imported.getByTestId('preview-customers')).toContainText(/Customers\s*0\s*0/);
  await imported.getByRole('button', { name: 'Not now' }).click();
  await expect(imported.getByTestId('import-preview')).toHaveCount(0);
  await expect(imported.getByText(/^Nothing imported yet/)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Sync enabled' })).toBeChecked();
  await imported.getByRole('button', { name: 'Import existing data' }).click();
  await expect(imported.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
});
