import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUp } from '../support/accounts.ts';
import {
  addHubspotDestination,
  addStripeSource,
  choose,
  connectHubspot,
  connectStripe,
  controlForm,
  mapToNewProperty,
  openControlPage,
  setUpSync,
  shownRow,
  switchOnAndSave,
  untilShown,
} from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

/** On the control page, in the open Stripe account: a customer with `metadata`; returns nothing. */
const createCustomer = async (control: Page, name: string, email: string, metadata: string) => {
  const form = controlForm(control, 'Create customer');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Metadata').fill(metadata);
  await form.getByRole('button').click();
  await expect(control.getByText(/^Created customer/)).toBeVisible();
};

/** On the destination page: one field mapping added through the editor, as a person picks it. */
const addMapping = async (
  page: Page,
  { object, source, key, property }: { object: string; source: string; key: string; property: string },
) => {
  const form = page.getByRole('group', { name: 'Add field mapping' });
  await choose(form, 'HubSpot object', object);
  await choose(form, 'Stripe value', source);
  await form.getByRole('textbox', { name: 'Metadata key' }).fill(key);
  await choose(form, 'HubSpot property', property);
  return form;
};

test('an admin maps the price’s plan tier to a new deal property and the customer’s region to an existing contact property, sees them in HubSpot, and re-applies them to a contact synced before', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signUp(page, newUser('field-journey'));
  const id = await createWorkspace(page, 'Tier Shop');
  const business = `Tier ${Date.now()}`;
  const portalName = `Tier portal ${Date.now()}`;
  const destinationPage = await setUpSync(page, id, {
    business,
    portalName,
    status: 'trialing',
    stage: 'Appointment Scheduled',
  });

  // A customer synced before any field mapping: its contact has no region yet.
  const control = await openControlPage(page);
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  await createCustomer(control, 'Early Bird', 'early.bird@example.com', 'region=APAC');
  const portal = await context.newPage();
  await portal.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  await untilShown(portal, 'Contacts', 'early.bird@example.com');

  // The price's plan tier to a new deal property, created from the editor.
  await page.goto(destinationPage);
  const deals = await addMapping(page, {
    object: 'Deals',
    source: 'Metadata key of the Price…',
    key: 'plan_tier',
    property: 'Create a new property…',
  });
  await mapToNewProperty(deals, 'Plan tier', 'plan_tier');
  await expect(
    page.getByRole('table', { name: 'Deals' }).getByRole('row', { name: /price\.metadata\.plan_tier/ }),
  ).toContainText('Plan tier');
  // The customer's region to HubSpot's own contact property State/Region.
  const contacts = await addMapping(page, {
    object: 'Contacts',
    source: 'Metadata key of the Customer…',
    key: 'region',
    property: 'State/Region (state)',
  });
  await contacts.getByRole('button', { name: 'Add field mapping' }).click();
  await expect(
    page.getByRole('table', { name: 'Contacts' }).getByRole('row', { name: /customer\.metadata\.region/ }),
  ).toContainText('State/Region');
  await expect(page.getByRole('button', { name: 'Re-apply to synced records' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your changes have been saved.' })).toBeVisible();
  await expectAccessible(page, 'with field mappings to re-apply');

  // A billing subscription of a price whose metadata names the tier, for a customer with a region.
  await control.bringToFront();
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  const productForm = controlForm(control, 'Create product with price');
  await productForm.getByLabel('Product name').fill('Gold plan');
  await productForm.getByRole('button').click();
  await expect(control.getByText(/^Created product/)).toBeVisible();
  const priceForm = controlForm(control, 'Add price');
  await priceForm.getByLabel('Product').selectOption({ label: 'Gold plan' });
  await priceForm.getByLabel('Price metadata').fill('plan_tier=gold');
  await priceForm.getByRole('button').click();
  const created = (await control.getByText(/^Created price price_\w+\.$/).textContent()) ?? '';
  const priceId = /price_\w+/.exec(created)?.[0] ?? '';
  await createCustomer(control, 'Gina Gold', 'gina.gold@example.com', 'region=EMEA');
  const billing = controlForm(control, 'Create billing subscription');
  await billing.getByLabel('Customer').selectOption({ label: 'Gina Gold' });
  await billing.getByLabel('Price').selectOption(priceId);
  await billing.getByLabel('Trial days').fill('14');
  await billing.getByRole('button').click();
  const subscription = (await control.getByText(/^Created sub_\w+ \(trialing\)\.$/).textContent()) ?? '';
  const dealName = `Subscription ${/sub_\w+/.exec(subscription)?.[0] ?? ''}`;

  // Both values in the portal: the deal's new property and the contact's State/Region.
  await portal.bringToFront();
  await expect(await shownRow(portal, 'Sales Pipeline › Appointment Scheduled', dealName)).toContainText(
    'plan_tier: gold',
  );
  await untilShown(portal, 'Contacts', 'gina.gold@example.com');
  await expect(
    portal.getByRole('region', { name: 'Contacts' }).getByRole('row', { name: /gina\.gold/ }),
  ).toContainText('EMEA');
  await expect(
    portal.getByRole('region', { name: 'Contacts' }).getByRole('row', { name: /early\.bird/ }),
  ).not.toContainText('APAC');

  // The dry run counts the one contact synced before the mappings; it writes nothing.
  await page.bringToFront();
  await page.getByRole('button', { name: 'Preview on synced records' }).click();
  const preview = page.getByRole('status').filter({ hasText: 'What these field mappings would change' });
  await expect(preview).toContainText('Contacts: 1 record would change (2 with a mapped value)');
  await expect(preview).toContainText('Deals: 0 records would change (1 with a mapped value)');
  await expectAccessible(page, 'a field mappings dry run');
  await portal.reload();
  await expect(
    portal.getByRole('region', { name: 'Contacts' }).getByRole('row', { name: /early\.bird/ }),
  ).not.toContainText('APAC');

  // Re-applied: the early contact gets its region.
  await page.getByRole('button', { name: 'Re-apply to synced records' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Contacts: 1 record being updated.' }),
  ).toBeVisible();
  await untilShown(portal, 'Contacts', 'APAC');
  await expect(
    portal.getByRole('region', { name: 'Contacts' }).getByRole('row', { name: /early\.bird/ }),
  ).toContainText('APAC');

  // In Chinese, by the keyboard: nothing is left to change.
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  const apply = page.getByRole('button', { name: '重新应用到已同步记录' });
  await apply.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: '所有已同步记录都已包含其映射值。' }),
  ).toBeVisible();
  await page.getByRole('button', { name: '预览对已同步记录的影响' }).click();
  await expect(page.getByRole('status').filter({ hasText: '这些字段映射将改变的内容' })).toContainText(
    '联系人：0 条记录将改变（2 条有映射值）',
  );
});

test('the import preview of a seeded account shows a mapped value as it will be written, and Import writes it', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signUp(page, newUser('field-import'));
  const id = await createWorkspace(page, 'Region Shop');
  const business = `Region ${Date.now()}`;
  const portalName = `Region portal ${Date.now()}`;

  // A Stripe account with a customer in a region, connected but not switched on yet.
  const sourceId = await addStripeSource(page, id);
  await connectStripe(page, business);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  const control = await openControlPage(page);
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  await createCustomer(control, 'Rhea Region', 'rhea.region@example.com', 'region=LATAM');

  // A portal whose contacts get the customer's region in State/Region.
  await addHubspotDestination(page, id);
  await connectHubspot(page, portalName);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  const contacts = await addMapping(page, {
    object: 'Contacts',
    source: 'Metadata key of the Customer…',
    key: 'region',
    property: 'State/Region (state)',
  });
  await contacts.getByRole('button', { name: 'Add field mapping' }).click();
  await switchOnAndSave(page);

  // The preview's sample carries the mapped value; Import writes it.
  await page.goto(`/subscription/${id}/sources/${sourceId}`);
  await switchOnAndSave(page);
  const imported = page.getByRole('region', { name: 'Import of existing data' });
  const sample = imported.getByTestId('import-preview').getByTestId('preview-sample');
  await expect(sample).toContainText('email: rhea.region@example.com');
  await expect(sample).toContainText('state: LATAM');
  await imported.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(imported.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  const portal = await context.newPage();
  await portal.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  await untilShown(portal, 'Contacts', 'rhea.region@example.com');
  await expect(
    portal.getByRole('region', { name: 'Contacts' }).getByRole('row', { name: /rhea\.region/ }),
  ).toContainText('LATAM');
});
