import { expect, type Page, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import {
  addHubspotDestination,
  addStripeSource,
  connectHubspot,
  connectStripe,
  openControlPage,
} from '../support/connections.ts';
import { openMailLink } from '../support/mailbox.ts';
import { createWorkspace } from '../support/workspaces.ts';

/**
 * Reloads `page` until `check` passes: what the sync engine does in the background shows on the next
 * load. Each check waits a few seconds for the reloaded page to draw its data (on a busy 2-core
 * machine a list can take over a second), so a slow render is not mistaken for a state not reached.
 */
const afterReloads = (page: Page, check: () => Promise<void>) =>
  expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 40_000, intervals: [250] });

test('a portal that uninstalls the app and a Stripe account that revokes access are shown as needing reconnecting; held events sync after it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = newUser('health');
  await signUp(page, user);
  const id = await createWorkspace(page, 'Health Shop');
  const business = `Health ${Date.now()}`;
  const portalName = `Health portal ${Date.now()}`;

  await addStripeSource(page, id);
  await connectStripe(page, business);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Sync enabled' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');

  const destinationId = await addHubspotDestination(page, id);
  await connectHubspot(page, portalName);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Sync enabled' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');

  // The portal uninstalls the app; then a customer is created in Stripe.
  const control = await openControlPage(page);
  await control.getByRole('banner').getByRole('link', { name: portalName }).click();
  await control.getByRole('button', { name: 'Uninstall the app (revokes its tokens)' }).click();
  await expect(control.getByText(/^Uninstalled the app/)).toBeVisible();
  const portalPage = control.url().replace(/\?.*$/, '');
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  const customer = control.locator('form', { has: control.getByRole('button', { name: 'Create customer' }) });
  await customer.getByLabel('Name').fill('Held Customer');
  await customer.getByLabel('E-mail').fill('held.customer@example.com');
  await customer.getByRole('button').click();
  await expect(control.getByText(/^Created customer/)).toBeVisible();

  // The workspace shows it: the card, a banner on every page for the admin, and one e-mail.
  await page.goto(`/subscription/${id}/destinations`);
  await afterReloads(page, async () => {
    await expect(page.getByRole('link', { name: 'Untitled' })).toContainText('Needs reconnecting', {
      timeout: 3_000,
    });
  });
  await page.goto(`/subscription/${id}/users`);
  const banner = page.getByRole('alert').filter({ hasText: 'A connection needs reconnecting' });
  await expect(banner).toContainText('HubSpot destination “Untitled”');
  await openMailLink(page, user.email, 'Reconnect HubSpot for Health Shop');
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/destinations/${destinationId}$`));
  await expect(page.getByText('HubSpot refused Billbridge’s access to this portal')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Sync enabled' })).toBeChecked();

  // Connecting the same portal again syncs the customer that was held meanwhile.
  await page.getByRole('button', { name: 'Connect with HubSpot' }).click();
  await page.getByLabel(new RegExp(portalName)).check();
  await page.getByRole('button', { name: 'Connect app' }).click();
  await expect(page.getByRole('status')).toContainText('HubSpot connected');
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'A connection needs reconnecting' })).toHaveCount(0);
  await control.goto(portalPage);
  await afterReloads(control, async () => {
    await expect(control.getByText('held.customer@example.com')).toBeVisible({ timeout: 3_000 });
  });

  // Stripe's side: the account holder revokes the platform's access.
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  await control.getByRole('button', { name: 'Revoke the platform’s access' }).click();
  await expect(control.getByText(/^Revoked the platform’s access/)).toBeVisible();
  await page.goto(`/subscription/${id}/sources`);
  await afterReloads(page, async () => {
    await expect(page.getByRole('link', { name: 'Untitled' })).toContainText('Needs reconnecting', {
      timeout: 3_000,
    });
  });
  await expect(page.getByRole('alert').filter({ hasText: 'A connection needs reconnecting' })).toContainText(
    'Stripe source “Untitled”',
  );
  await page.getByRole('link', { name: 'Untitled' }).click();
  await expect(page.getByText('Stripe revoked Billbridge’s access to this account.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Sync enabled' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Connect with Stripe' })).toBeVisible();
});
