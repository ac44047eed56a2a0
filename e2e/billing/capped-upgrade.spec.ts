import { expect, test } from '@playwright/test';
import { newUser, signUpVerified } from '../support/accounts.ts';
import {
  anAddress,
  customersSignUp,
  fillAddress,
  fillCard,
  goodCard,
  portalContactEmails,
  sandboxState,
} from '../support/billing.ts';
import { setUpSync } from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('a free workspace capped at 1,000 events upgrades to Pro and its held events reach the portal', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await signUpVerified(page, newUser('capped'));
  const id = await createWorkspace(page, 'Capped shop');
  const business = `Capped ${Date.now()}`;
  const portalName = `Capped portal ${Date.now()}`;
  await setUpSync(page, id, { business, portalName, stage: 'Closed Won' });
  const state = await sandboxState(page);
  const account = state.stripe.accounts.filter((entry) => entry.connectedTo).at(-1)?.id ?? '';
  const portalId = state.hubspot.portals.find((portal) => portal.name === portalName)?.id ?? 0;

  // One event over the free plan's 1,000 (spec §9), and one more held behind it.
  await customersSignUp(page, account, 1_002, 'capped');
  await expect(async () => {
    await page.goto(`/subscription/${id}/billing`);
    await expect(page.getByTestId('billing-status')).toHaveText('Capped', { timeout: 1000 });
  }).toPass({ timeout: 300_000 });
  const beforeUpgrade = (await portalContactEmails(page, portalId)).length;
  expect(beforeUpgrade).toBeLessThan(1_002);

  await page.getByRole('button', { name: 'Change plan' }).click();
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await fillAddress(page, anAddress);
  await fillCard(page, goodCard);
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing$`));
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  await expect(page.getByTestId('billing-status')).toHaveText('Active');

  await expect(async () => {
    expect((await portalContactEmails(page, portalId)).length).toBe(1_002);
  }).toPass({ timeout: 120_000 });
});
