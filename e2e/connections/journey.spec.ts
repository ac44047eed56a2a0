import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { createWorkspace } from '../support/workspaces.ts';
import { choose, controlForm, openControlPage, untilShown } from '../support/connections.ts';

test('a new user connects Stripe and HubSpot, maps two statuses, and a billing subscription moves its deal', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('journey'));
  const id = await createWorkspace(page, 'Journey Shop');
  const business = `Journey ${Date.now()}`;
  const portalName = `Journey portal ${Date.now()}`;

  // Stripe: add a source, connect it on the consent page with a new account, switch it on.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Sources' })
    .click();
  await page.getByRole('link', { name: 'New source' }).click();
  await page.getByRole('button', { name: 'Add a Stripe source' }).click();
  await page.getByRole('button', { name: 'Connect with Stripe' }).click();
  await page.getByLabel('New account').check();
  await page.getByLabel('Business name').fill(business);
  await page.getByRole('button', { name: 'Allow access' }).click();
  const allowedAt = Date.now();
  await expect(page.getByRole('status')).toContainText('Stripe connected');
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/sources/[^/]+$`));
  await page.getByRole('switch', { name: 'Sync enabled' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  const imported = page.getByRole('region', { name: 'Import of existing data' });
  // The first switch-on previews the import; it runs once Import is pressed (decision 070).
  await imported.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(imported.getByText('Done', { exact: true })).toBeVisible();
  await expect(imported.getByTestId('backfill-customers')).toContainText('Imported');

  // The control page: a product with a monthly price, whose id the second rule names.
  const control = await openControlPage(page);
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  await controlForm(control, 'Create product with price').getByLabel('Product name').fill('Gold plan');
  await controlForm(control, 'Create product with price').getByRole('button').click();
  await expect(control.getByText(/^Created product/)).toBeVisible();
  const priceId =
    (
      await control
        .getByText(/^price_/)
        .first()
        .textContent()
    )?.trim() ?? '';
  expect(priceId).toMatch(/^price_/);

  // HubSpot: add a destination, connect a new portal, map trialing and active (any of the price) to two stages.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Destinations' })
    .click();
  await page.getByRole('link', { name: 'New destination' }).click();
  await page.getByRole('button', { name: 'Add a HubSpot destination' }).click();
  await page.getByRole('button', { name: 'Connect with HubSpot' }).click();
  await page.getByLabel('New portal').check();
  await page.getByLabel('Portal name').fill(portalName);
  await page.getByRole('button', { name: 'Connect app' }).click();
  await expect(page.getByRole('status')).toContainText('HubSpot connected');
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add rule' }).click();
  const active = page.getByRole('group', { name: 'Edit rule' });
  await choose(active, 'Price ID mode', 'Any of');
  await active.getByRole('textbox', { name: 'Price IDs' }).fill(priceId);
  await choose(active, 'HubSpot stage', 'Closed Won');
  await active.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const trialing = page.getByRole('group', { name: 'Edit rule' });
  await choose(trialing, 'Stripe status', 'trialing');
  await choose(trialing, 'HubSpot stage', 'Appointment Scheduled');
  await trialing.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Move rule 2 up' }).click();
  await expect(page.getByRole('row', { name: 'Rule 1' })).toContainText('trialing');
  await expect(page.getByRole('row', { name: 'Rule 2' })).toContainText(priceId);
  await page.getByRole('switch', { name: 'Sync enabled' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');

  // The control page again: a customer on a trial of the plan, then made active.
  await control.goto(control.url().replace(/\?.*$/, ''));
  const customer = controlForm(control, 'Create customer');
  await customer.getByLabel('Name').fill('Jenny Journey');
  await customer.getByLabel('E-mail').fill('jenny.journey@example.com');
  await customer.getByRole('button').click();
  await expect(control.getByText(/^Created customer/)).toBeVisible();
  const billing = controlForm(control, 'Create billing subscription');
  await billing.getByLabel('Customer').selectOption({ label: 'Jenny Journey' });
  await billing.getByLabel('Trial days').fill('14');
  const subscribedAt = Date.now();
  await billing.getByRole('button').click();
  const created = (await control.getByText(/^Created sub_\w+ \(trialing\)\.$/).textContent()) ?? '';
  const subscriptionId = /sub_\w+/.exec(created)?.[0] ?? '';
  const subscriptionRow = control.getByRole('row').filter({ hasText: subscriptionId });
  const dealName = `Subscription ${subscriptionId}`;

  // The portal shows the contact and the deal in the trialing stage …
  const portal = await context.newPage();
  await portal.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  await untilShown(portal, 'Sales Pipeline › Appointment Scheduled', dealName);
  const firstDealAt = Date.now();
  await expect(portal.getByText('jenny.journey@example.com')).toBeVisible();

  // … and in the second stage once the billing subscription is active.
  const movedAt = Date.now();
  await subscriptionRow.locator('select[name="status"]').selectOption('active');
  await subscriptionRow.getByRole('button', { name: 'Move' }).click();
  await expect(control.getByText(`${subscriptionId} is now active.`)).toBeVisible();
  await untilShown(portal, 'Sales Pipeline › Closed Won', dealName);
  const shownAt = Date.now();
  await expect(
    portal.getByRole('region', { name: 'Sales Pipeline › Appointment Scheduled' }),
  ).not.toContainText(dealName);

  test.info().annotations.push(
    {
      type: 'Stripe "Allow" → first deal in the portal (ms)',
      description: String(firstDealAt - allowedAt),
    },
    {
      type: '"Create billing subscription" → deal in the portal (ms)',
      description: String(firstDealAt - subscribedAt),
    },
    { type: '"Move" to active → deal in the second stage (ms)', description: String(shownAt - movedAt) },
  );
  console.log(
    `journey: allow→first deal ${firstDealAt - allowedAt} ms, subscribe→deal ${firstDealAt - subscribedAt} ms, move→stage ${shownAt - movedAt} ms`,
  );
});
