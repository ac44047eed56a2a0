import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('the create link of a source type creates that source and opens it; an unknown type says so', async ({
  page,
}) => {
  await signUp(page, newUser('create-link'));
  const id = await createWorkspace(page, 'Linked Shop');

  await page.goto(`/subscription/${id}/sources/new/stripe/create`);
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/sources/(?!new$)[^/]+$`));
  await expect(page.getByRole('button', { name: 'Connect with Stripe' })).toBeVisible();
  // The detail page took the create link's place: Back does not create another source.
  await page.goBack();
  await page.goto(`/subscription/${id}/sources`);
  await expect(page.getByRole('link', { name: /\bUntitled\b/ })).toHaveCount(1);

  await page.goto(`/subscription/${id}/sources/new/paypal/create`);
  await expect(page.getByText('There is no source of type “paypal”')).toBeVisible();
  await page.getByRole('link', { name: 'Choose the source type' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/sources/new$`));
  await page.goto(`/subscription/${id}/sources`);
  await expect(page.getByRole('link', { name: /\bUntitled\b/ })).toHaveCount(1);
});
