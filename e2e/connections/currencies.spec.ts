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
  // A later event of the trial in EUR (its invoice, say) may find EUR turned on first and release
  // the held ones itself; while the alert shows, its button does it.
  const retry = held.getByRole('button', { name: 'Retry held events' });
  // Back to the app's tab: a tab in the background draws no frames, so its buttons never settle.
  await page.bringToFront();
  await expect(async () => {
    if (await retry.isVisible()) await retry.click({ timeout: 1_000 });
    await expect(held).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const portal = control.url().replace(/\?.*$/, '');
  await expect(async () => {
    await control.goto(portal);
    await expect(
      control.getByRole('region', { name: 'Sales Pipeline › Appointment Scheduled' }),
    ).toContainText(dealName, { timeout: 500 });
  }).toPass({ timeout: 20_000, intervals: [250] });
});
