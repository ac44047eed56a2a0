import { expect, test } from '@playwright/test';
import { newUser, signUp, signUpThroughForm } from '../support/accounts.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('a new user creates a free workspace from the empty home page and names it', async ({ page }) => {
  // The newcomer's whole way in: the sign-up form, then the empty home page.
  await signUpThroughForm(page, newUser('creator'));
  await expect(page.getByText('You have no subscriptions yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Create a subscription' }).click();

  await expect(page.getByRole('heading', { name: 'Create a subscription' })).toBeVisible();
  const plans = page.getByRole('region');
  await expect(plans.getByRole('heading', { level: 2 })).toHaveText([
    'Free',
    'Pro',
    'Business',
    'Enterprise',
  ]);
  await expect(page.getByRole('region', { name: 'Free' }).getByTestId('plan-price')).toHaveText('Free');
  await expect(page.getByRole('region', { name: 'Pro' }).getByTestId('plan-price')).toHaveText('$49/month');
  await expect(page.getByRole('region', { name: 'Pro' }).getByText('Popular')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Business' }).getByTestId('plan-price')).toHaveText(
    '$299/month',
  );
  const enterprise = page.getByRole('region', { name: 'Enterprise' });
  await expect(enterprise.getByTestId('plan-price')).toHaveText('Custom');
  await expect(enterprise.getByRole('button')).toHaveCount(0);
  await expect(enterprise.getByRole('link', { name: 'Contact sales' })).toHaveAttribute('target', '_blank');

  await page.getByRole('button', { name: 'Choose Free' }).click();
  await expect(page).toHaveURL(/\/subscription\/[^/]+\/settings$/);
  // The notification threshold is not offered on the free plan.
  await expect(page.getByRole('textbox', { name: 'Notification threshold' })).toHaveCount(0);
  const nameField = page.getByRole('textbox', { name: 'Subscription name' });
  await expect(nameField).toHaveValue('Untitled Project');
  await nameField.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();

  const name = 'Acme Billing';
  await nameField.fill(name);
  const started = Date.now();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  await expect(page).toHaveURL(/\/subscription\/[^/]+$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1400);

  await page.goto('/dashboard');
  const card = page.getByRole('link', { name });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Plan: Free');
  await expect(card).toContainText(/ID: \S+/);
  await expect(page.getByRole('link', { name: 'Create a subscription' })).toBeVisible();
});

test('the settings of a workspace keep its name and return to its dashboard', async ({ page }) => {
  await signUp(page, newUser('renamer'));
  const id = await createWorkspace(page, 'First name');
  await page.goto(`/subscription/${id}/settings`);
  await expect(page.getByRole('textbox', { name: 'Subscription name' })).toHaveValue('First name');
  await page.getByRole('textbox', { name: 'Subscription name' }).fill('Second name');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}$`));
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Second name' })).toBeVisible();
});
