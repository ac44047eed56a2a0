import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { openControlPage } from './support/connections.ts';

test('the embedded default links the Stripe and HubSpot stand-ins’ control page from the top bar', async ({
  page,
}) => {
  await signUp(page);
  const control = await openControlPage(page);
  await expect(control.getByRole('heading', { name: 'Sandbox control' })).toBeVisible();
});
