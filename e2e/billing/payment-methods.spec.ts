import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUpVerified } from '../support/accounts.ts';
import { createPaidWorkspace, fillAddress, fillCard } from '../support/billing.ts';

test('the owner adds a second card, makes it the default and deletes the first', async ({ page }) => {
  await signUpVerified(page, newUser('cards'));
  const { id } = await createPaidWorkspace(page, 'Pro');
  await page.goto(`/subscription/${id}/billing`);
  await page.getByRole('button', { name: 'Manage payment methods' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing/payment-methods$`));
  await expectAccessible(page);

  const visa = page.getByRole('article', { name: 'Visa ending in 4242' });
  await expect(visa).toContainText('Default');
  await expect(visa).toContainText('Expires 12/34');
  await expect(visa.getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add card' }).click();
  await fillCard(page, '5555 5555 5555 4444', '04 / 31');
  await page.getByRole('button', { name: 'Save card' }).click();
  const mastercard = page.getByRole('article', { name: 'Mastercard ending in 4444' });
  await expect(mastercard).toContainText('Expires 04/31');
  await expect(mastercard).not.toContainText('Default');

  await mastercard.getByRole('button', { name: 'Set as default' }).click();
  await expect(mastercard).toContainText('Default');
  await expect(visa).not.toContainText('Default');

  await visa.getByRole('button', { name: 'Delete' }).click();
  await expect(visa).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(1);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing$`));
});

test('a declined card is not added and the provider says why', async ({ page }) => {
  await signUpVerified(page, newUser('card-declined'));
  const { id } = await createPaidWorkspace(page, 'Pro');
  await page.goto(`/subscription/${id}/billing/payment-methods`);
  await page.getByRole('button', { name: 'Add card' }).click();
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('the owner updates the billing details: prefilled, phone required, line 2 optional', async ({
  page,
}) => {
  await signUpVerified(page, newUser('details'));
  const { id } = await createPaidWorkspace(page, 'Pro');
  await page.goto(`/subscription/${id}/billing`);
  await page.getByRole('button', { name: 'Update billing details' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing/update-details$`));
  await expectAccessible(page);

  const save = page.getByRole('button', { name: 'Save billing details' });
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 415 555 0100');
  await expect(save).toBeEnabled();
  await page.getByRole('textbox', { name: 'Phone' }).fill('');
  await expect(save).toBeDisabled();

  await fillAddress(page, {
    name: 'Grace Hopper',
    phone: '+1 212 555 0199',
    line1: '2 Broadway',
    line2: 'Floor 3',
    city: 'New York',
    state: 'NY',
    postalCode: '10004',
    country: 'US',
  });
  await page.getByRole('textbox', { name: 'Address line 2 (optional)' }).fill('');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing$`));

  await page.getByRole('button', { name: 'Update billing details' }).click();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Grace Hopper');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 212 555 0199');
  await expect(page.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('2 Broadway');
  await expect(page.getByRole('textbox', { name: 'Address line 2 (optional)' })).toHaveValue('');
});
