import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUp } from '../support/accounts.ts';
import {
  choose,
  controlForm,
  mapToNewProperty,
  openControlPage,
  setUpSync,
  shownRow,
  startTrial,
  untilShown,
} from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('an admin maps a customer metadata key to a new HubSpot contact property, a new customer’s contact has it, and its deletion in HubSpot is flagged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('fields'));
  const id = await createWorkspace(page, 'Fields Shop');
  const business = `Fields ${Date.now()}`;
  const portalName = `Fields portal ${Date.now()}`;
  await setUpSync(page, id, { business, portalName, stage: 'Closed Won' });

  // Field mappings: the customer's metadata key `region` to a new contact property "Sales region".
  const mappings = page.getByRole('group', { name: 'Add field mapping' });
  await expect(mappings).toBeVisible();
  await choose(mappings, 'Stripe value', 'Metadata key of the Customer…');
  await mappings.getByRole('textbox', { name: 'Metadata key' }).fill('region');
  await mapToNewProperty(mappings, 'Sales region', 'sales_region');
  const contacts = page.getByRole('table', { name: 'Contacts' });
  await expect(contacts.getByRole('row', { name: /customer\.metadata\.region/ })).toContainText(
    'Sales region',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  await expectAccessible(page, 'with a field mapping');

  // A customer with that metadata is created in the sandbox's Stripe account.
  const control = await openControlPage(page);
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  const customerForm = controlForm(control, 'Create customer');
  await customerForm.getByLabel('Name').fill('Maja Region');
  await customerForm.getByLabel('E-mail').fill('maja.region@example.com');
  await customerForm.getByLabel('Metadata').fill('region=EMEA');
  await customerForm.getByRole('button').click();
  await expect(control.getByText(/^Created customer/)).toBeVisible();

  // Its contact in the sandbox's HubSpot portal carries the value.
  await control.getByRole('banner').getByRole('link', { name: portalName }).click();
  await untilShown(control, 'Contacts', 'maja.region@example.com');
  await expect(
    control.getByRole('region', { name: 'Contacts' }).getByRole('row', { name: /maja\.region/ }),
  ).toContainText('sales_region: EMEA');

  // Someone deletes the property in HubSpot: the mapping is flagged on the destination page.
  await control.getByRole('button', { name: 'Delete property Sales region' }).click();
  await expect(control.getByText('Deleted property sales_region.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Contacts' }).getByRole('row', { name: /customer\.metadata\.region/ }),
  ).toContainText('Not in HubSpot any more');
  await expectAccessible(page, 'a field mapping whose property is gone');
});

test('an admin maps the product’s plan tier to a new deal property and a new billing subscription’s deal has it in HubSpot', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('product-fields'));
  const id = await createWorkspace(page, 'Product Shop');
  const business = `Product ${Date.now()}`;
  const portalName = `Product portal ${Date.now()}`;
  await setUpSync(page, id, { business, portalName, status: 'trialing', stage: 'Appointment Scheduled' });

  // Deals: the product's metadata key `plan_tier` to a new deal property "Plan tier".
  const mappings = page.getByRole('group', { name: 'Add field mapping' });
  await choose(mappings, 'HubSpot object', 'Deals');
  await choose(mappings, 'Stripe value', 'Metadata key of the Product…');
  await mappings.getByRole('textbox', { name: 'Metadata key' }).fill('plan_tier');
  await mapToNewProperty(mappings, 'Plan tier', 'plan_tier');
  await expect(
    page.getByRole('table', { name: 'Deals' }).getByRole('row', { name: /product\.metadata\.plan_tier/ }),
  ).toContainText('Plan tier');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible();
  await expectAccessible(page, 'with a product field mapping');

  // A product whose metadata names the tier, and a billing subscription of its price.
  const control = await openControlPage(page);
  const dealName = await startTrial(control, business, {
    product: 'Gold plan',
    productMetadata: 'plan_tier=gold',
    customer: { name: 'Gus Gold', email: 'gus.gold@example.com' },
  });

  // The deal in the sandbox's HubSpot portal carries the product's tier.
  const portal = await context.newPage();
  await portal.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  await expect(await shownRow(portal, 'Sales Pipeline › Appointment Scheduled', dealName)).toContainText(
    'plan_tier: gold',
  );
});
