import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import {
  addHubspotDestination,
  addStripeSource,
  connectHubspot,
  connectStripe,
  controlForm,
  openControlPage,
  switchOnAndSave,
} from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('an admin reconciles a source whose webhooks never arrived: HubSpot catches up once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('reconcile'));
  const id = await createWorkspace(page, 'Reconcile Shop');
  const business = `Reconcile ${Date.now()}`;
  const sourceId = await addStripeSource(page, id);
  await connectStripe(page, business);
  await switchOnAndSave(page);
  await addHubspotDestination(page, id);
  await connectHubspot(page, `Reconcile portal ${Date.now()}`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await switchOnAndSave(page);

  // Stripe loses every customer webhook of this account; then a customer is created there.
  const control = await openControlPage(page);
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  const account = /\/stripe\/(acct_\w+)/.exec(control.url())?.[1] ?? '';
  expect(account).toMatch(/^acct_/);
  await control.getByRole('link', { name: 'Overview' }).click();
  const drop = controlForm(control, 'Drop webhooks');
  await drop.getByLabel('Event types').fill('customer.*');
  await drop.getByLabel('Only for account').fill(account);
  await drop.getByRole('button').click();
  await expect(control.getByText(/^Dropping webhooks/)).toBeVisible();
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  const customer = controlForm(control, 'Create customer');
  await customer.getByLabel('Name').fill('Rita Reconcile');
  await customer.getByLabel('E-mail').fill('rita.reconcile@example.com');
  await customer.getByRole('button').click();
  await expect(control.getByText(/^Created customer/)).toBeVisible();

  // The source's page reconciles it now: one difference, synced as a reconciled event.
  await page.goto(`/subscription/${id}/sources/${sourceId}`);
  const panel = page.getByRole('region', { name: 'Reconciliation with Stripe' });
  await expect(panel.getByText('Not reconciled yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Reconcile now' }).click();
  await expect(panel.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('status')).toHaveText(/differences synced again: 1$/);

  await page.goto(`/subscription/${id}/activity`);
  const row = page
    .getByRole('table', { name: 'Activity log' })
    .getByRole('row')
    .filter({ hasText: 'customer.reconciled' });
  await expect(row).toContainText('Success', { timeout: 30_000 });
  await row.getByRole('button', { name: 'Details' }).click();
  const written = page
    .getByRole('dialog', { name: 'Event details' })
    .getByRole('region', { name: 'In HubSpot' });
  await expect(written.getByRole('link')).toHaveAttribute('href', /\/contacts\/\d+\/record\/0-1\/\d+$/);

  // A second run finds nothing left to do.
  await page.goto(`/subscription/${id}/sources/${sourceId}`);
  await panel.getByRole('button', { name: 'Reconcile now' }).click();
  await expect(panel.getByRole('status')).toHaveText(/differences synced again: 0$/, { timeout: 30_000 });
});
