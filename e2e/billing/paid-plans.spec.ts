import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUpVerified } from '../support/accounts.ts';
import {
  anAddress,
  createPaidWorkspace,
  declinedCard,
  failingCard,
  fillAddress,
  fillCard,
  goodCard,
  invoiceRows,
} from '../support/billing.ts';

test('a new user creates a Pro workspace with a card and an address, and its first invoice is paid', async ({
  page,
}) => {
  await signUpVerified(page, newUser('pro-payer'));
  const { id, elapsedMs } = await createPaidWorkspace(page, 'Pro', goodCard);
  // The issue asks for this figure: "Choose Pro" to the settings page, the form filled on the way.
  test.info().annotations.push({ type: 'choose-pro-to-settings-ms', description: String(elapsedMs) });
  console.log(`choose-pro-to-settings-ms ${elapsedMs}`);

  await page.goto(`/subscription/${id}/billing`);
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  await expect(page.getByTestId('billing-status')).toHaveText('Active');
  await expect(invoiceRows(page)).toHaveCount(1);
  await expect(invoiceRows(page).first()).toContainText('$49.00');
  await expect(invoiceRows(page).first()).toContainText('Paid');
  await expect(page.getByTestId('pagination-summary')).toHaveText('Showing 1 to 1 of 1 results');
  await expectAccessible(page, 'Pro with an invoice');

  await page.getByRole('button', { name: 'Update billing details' }).click();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue(anAddress.name);
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue(anAddress.city);
});

test('a declined card shows the provider’s message and creates nothing', async ({ page }) => {
  await signUpVerified(page, newUser('declined'));
  await page.goto('/create-plan');
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Billing for Pro' })).toBeVisible();
  // Spec §9: the address starts in the US for English.
  await expect(page.getByRole('textbox', { name: 'Country (2 letters)' })).toHaveValue('US');
  await fillAddress(page, anAddress);
  await fillCard(page, declinedCard);
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();

  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page).toHaveURL(/\/create-plan$/);
  await page.goto('/dashboard');
  await expect(page.getByText('You have no subscriptions yet.')).toBeVisible();
});

test('a first payment the card cannot make is confirmed with another card, and one workspace results', async ({
  page,
}) => {
  await signUpVerified(page, newUser('second-try'));
  await page.goto('/create-plan');
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await fillAddress(page, anAddress);
  await fillCard(page, failingCard);
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page.getByRole('alert')).toContainText('The payment did not go through');
  await expect(page).toHaveURL(/\/create-plan$/);

  await fillCard(page, goodCard);
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page).toHaveURL(/\/subscription\/[^/]+\/settings$/);
  const id = /\/subscription\/([^/]+)\/settings$/.exec(page.url())?.[1] ?? '';

  await page.goto(`/subscription/${id}/billing`);
  await expect(page.getByTestId('billing-status')).toHaveText('Active');
  await expect(invoiceRows(page).first()).toContainText('Paid');
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Untitled Project' })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Untitled Project' })).toContainText('Plan: Pro');
});

test('a first payment not made yet leaves the workspace on Free, saying the payment is being confirmed', async ({
  page,
}) => {
  await signUpVerified(page, newUser('unpaid'));
  await page.goto('/create-plan');
  await page.getByRole('button', { name: 'Choose Business' }).click();
  await fillAddress(page, anAddress);
  await fillCard(page, failingCard);
  await page.getByRole('button', { name: 'Subscribe to Business' }).click();
  await expect(page.getByRole('alert')).toContainText('The payment did not go through');

  // Issue 38: the paid plan starts only once Stripe says it is paid; until then Free and its cap hold.
  await page.goto('/dashboard');
  const card = page.getByRole('link', { name: 'Untitled Project' });
  await expect(card).toContainText('Plan: Free');
  await expect(card.getByTestId('payment-being-confirmed')).toHaveText(
    'The payment for the Business plan is being confirmed. The plan starts once the payment goes through; until then this plan and its limits apply.',
  );
  await card.click();
  const id = /\/subscription\/([^/]+)/.exec(page.url())?.[1] ?? '';
  await page.goto(`/subscription/${id}/billing`);
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
  await expect(page.getByTestId('payment-being-confirmed')).toContainText('Business');
});
