import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import {
  addStripeSource,
  choose,
  connectStripe,
  controlForm,
  openControlPage,
  switchOnAndSave,
} from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('an event with no destination to go to is listed in the activity log as held, with why', async ({
  page,
}) => {
  await signUp(page, newUser('held'));
  const id = await createWorkspace(page, 'Held Shop');
  const business = `Held ${Date.now()}`;
  await addStripeSource(page, id);
  await connectStripe(page, business);
  await switchOnAndSave(page);

  const control = await openControlPage(page);
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  const customer = controlForm(control, 'Create customer');
  await customer.getByLabel('Name').fill('Hal Held');
  await customer.getByLabel('E-mail').fill('hal.held@example.com');
  await customer.getByRole('button').click();
  await expect(control.getByText(/^Created customer/)).toBeVisible();

  await page.goto(`/subscription/${id}/activity`);
  await choose(page.getByRole('search', { name: 'Filter the activity log' }), 'Status', 'Held');
  const row = page
    .getByRole('table', { name: 'Activity log' })
    .getByRole('row', { name: /^evt_/ })
    .filter({ hasText: 'customer.created' });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText('Held');
  await expect(row).toContainText('Held until a HubSpot destination is connected and enabled');
});
