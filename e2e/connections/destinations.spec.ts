import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { addHubspotDestination, choose, connectHubspot } from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('an admin connects a HubSpot portal and maps billing statuses to its pipeline stages', async ({
  page,
}) => {
  await signUp(page, newUser('hubspot'));
  const id = await createWorkspace(page, 'CRM Shop');

  await page.goto(`/subscription/${id}/destinations`);
  await expect(page.getByText('No destinations yet.')).toBeVisible();
  const destinationId = await addHubspotDestination(page, id);

  // Not connected: the mapping waits for the portal.
  await expect(page.getByText('Connect the portal to edit its mapping.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add rule' })).toBeDisabled();

  await connectHubspot(page);
  await expect(page.getByRole('status')).toContainText('HubSpot connected');
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/destinations/${destinationId}$`));
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();

  // A new rule: the first status, no price filter, the default pipeline, no stage; save lists what is missing.
  await page.getByRole('button', { name: 'Add rule' }).click();
  const row = page.getByRole('group', { name: 'Edit rule' });
  await expect(row.getByRole('combobox', { name: 'Stripe status' })).toHaveValue('active');
  await expect(row.getByRole('combobox', { name: 'HubSpot pipeline' })).toHaveValue('Sales Pipeline');
  await expect(page.getByRole('button', { name: 'Add rule' })).toBeDisabled();
  await row.getByRole('button', { name: 'Done' }).click();
  await expect(row.getByRole('alert')).toContainText('Please fix the following errors:');
  await expect(row.getByRole('alert')).toContainText('HubSpot stage is required');
  // Mode "Any prices" (none) clears the typed ids and locks the field.
  await choose(page, 'Price ID mode', 'Any of');
  await row.getByRole('textbox', { name: 'Price IDs' }).fill('price_old');
  await choose(page, 'Price ID mode', 'Any prices');
  await expect(row.getByRole('textbox', { name: 'Price IDs' })).toHaveValue('');
  await expect(row.getByRole('textbox', { name: 'Price IDs' })).toBeDisabled();
  await choose(page, 'Price ID mode', 'Any of');
  await row.getByRole('button', { name: 'Done' }).click();
  await expect(row.getByRole('alert')).toContainText('Price IDs are required when mode is not "none"');
  await row.getByRole('textbox', { name: 'Price IDs' }).fill(' price_gold , ,price_silver,');
  await choose(page, 'HubSpot stage', 'Closed Won');
  await row.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: 'Rule 1' })).toContainText('Any of: price_gold, price_silver');

  // One row at a time: while a new rule is open, the other rows wait. Cancel removes the new rule.
  await page.getByRole('button', { name: 'Add rule' }).click();
  for (const control of ['Edit rule 1', 'Delete rule 1', 'Move rule 1 down', 'Add rule'])
    await expect(page.getByRole('button', { name: control })).toBeDisabled();
  await page.getByRole('group', { name: 'Edit rule' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit rule 1' })).toBeEnabled();
  await expect(page.getByRole('row', { name: 'Rule 2' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add rule' }).click();
  await choose(page, 'Stripe status', 'trialing');
  await choose(page, 'HubSpot stage', 'Qualified To Buy');
  await page.getByRole('group', { name: 'Edit rule' }).getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Move rule 2 up' }).click();
  await expect(page.getByRole('row', { name: 'Rule 1' })).toContainText('trialing');
  await expect(page.getByRole('row', { name: 'Rule 2' })).toContainText('Closed Won');

  await page.getByRole('switch', { name: 'Sync enabled' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  await page.reload();
  await expect(page.getByRole('row', { name: 'Rule 1' })).toContainText('Qualified To Buy');
  await expect(page.getByRole('row', { name: 'Rule 2' })).toContainText('price_gold, price_silver');
  await expect(page.getByRole('switch', { name: 'Sync enabled' })).toBeChecked();

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Not connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit rule 1' })).toBeDisabled();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this destination?' });
  await dialog.getByRole('textbox', { name: 'ID' }).fill(destinationId);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/destinations$`));
  await expect(page.getByText('No destinations yet.')).toBeVisible();
  await page.goto(`/subscription/${id}/destinations/${destinationId}`);
  await expect(page.getByRole('alert')).toHaveText('This destination does not exist, or it was deleted.');
});
