import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUp } from '../support/accounts.ts';
import { choose, controlForm, openControlPage, setUpSync, untilShown } from '../support/connections.ts';
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
  await choose(mappings, 'HubSpot property', 'Create a new property…');
  await mappings.getByRole('textbox', { name: 'New property name' }).fill('Sales region');
  await expectAccessible(page, 'creating a property for a field mapping');
  await mappings.getByRole('button', { name: 'Create property' }).click();
  await expect(mappings.getByRole('combobox', { name: 'HubSpot property' })).toHaveValue(
    'Sales region (sales_region)',
  );
  await mappings.getByRole('button', { name: 'Add field mapping' }).click();
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
