import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts.ts';

test('the embedded default links the Stripe and HubSpot stand-ins’ control page from the top bar', async ({
  page,
  context,
}) => {
  await signUp(page);
  await page.getByRole('button', { name: 'Sandbox' }).click();
  const [control] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('menuitem', { name: 'Stripe and HubSpot control page' }).click(),
  ]);
  await expect(control.getByRole('heading', { name: 'Sandbox control' })).toBeVisible();
});
