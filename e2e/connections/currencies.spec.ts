import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { controlForm, openControlPage, setUpSync, startTrial } from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('a billing subscription in a currency the portal lacks is held until it is turned on in HubSpot, then syncs on retry', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('currency'));
  const id = await createWorkspace(page, 'Euro Shop');
  const business = `Euro ${Date.now()}`;
  const portalName = `Euro portal ${Date.now()}`;

  const destinationPage = await setUpSync(page, id, {
    business,
    portalName,
    status: 'trialing',
    stage: 'Appointment Scheduled',
  });

  // In Stripe: a plan priced in euros and a customer on a trial of it.
  const control = await openControlPage(page);
  const dealName = await startTrial(control, business, {
    product: 'Euro plan',
    currency: 'eur',
    customer: { name: 'Elsa Euro', email: 'elsa.euro@example.com' },
  });

  // The destination says what to turn on; the portal has only USD.
  await page.goto(destinationPage);
  const held = page.getByRole('alert').filter({ hasText: 'Enable EUR in HubSpot' });
  await expect(held).toContainText('Events in EUR are held', { timeout: 20_000 });

  // Turned on in HubSpot, then retried from the destination's page: the deal arrives and the alert goes.
  await control.getByRole('banner').getByRole('link', { name: portalName }).click();
  const currencies = controlForm(control, 'Add currency');
  await currencies.getByLabel('Currency').fill('EUR');
  await currencies.getByRole('button').click();
  await expect(control.getByRole('button', { name: 'Remove EUR' })).toBeVisible();
  await held.getByRole('button', { name: 'Retry held events' }).click();
  // "Held events syncing again: 1." shows until the sync clears the hold, which can be at once.
  await expect(held).toBeHidden({ timeout: 20_000 });
  const portal = control.url().replace(/\?.*$/, '');
  await expect(async () => {
    await control.goto(portal);
    await expect(
      control.getByRole('region', { name: 'Sales Pipeline › Appointment Scheduled' }),
    ).toContainText(dealName, { timeout: 500 });
  }).toPass({ timeout: 20_000, intervals: [250] });
});
