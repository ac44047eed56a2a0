import { expect, test, type Page } from '@playwright/test';
import { newUser, signOut, signUp } from './support/accounts.ts';
import { addStripeSource, setUpSync } from './support/connections.ts';
import { tabTo } from './support/small-screen.ts';
import { createWorkspace } from './support/workspaces.ts';

/**
 * Issue 31 §4: what the suite clicks can be done with the keyboard alone. Each test sets its scene
 * with the shared helpers, then does the flow under test with Tab, Shift+Tab, arrows, Enter and
 * Space only.
 */

/** Types into the focused field, replacing what it had. */
const typeOver = async (page: Page, text: string) => {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
};

test('a person signs in with the keyboard alone', async ({ page }) => {
  const user = await signUp(page, newUser('keys-in'));
  await signOut(page);

  await tabTo(page, 'textbox', 'Email');
  await typeOver(page, user.email);
  await tabTo(page, 'textbox', 'Password');
  await typeOver(page, user.password);
  // Back to the address with Shift+Tab, as a person checks what they typed, then on to the button.
  await tabTo(page, 'textbox', 'Email', { backwards: true });
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
  await tabTo(page, 'button', 'Sign in');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your subscriptions' })).toBeVisible();
});

test('a person connects a Stripe source through the consent page with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, newUser('keys-source'));
  const id = await createWorkspace(page, 'Keyboard Shop');
  await addStripeSource(page, id);

  await tabTo(page, 'button', 'Connect with Stripe');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Connect .* to Stripe/ })).toBeVisible();

  // The accounts are one radio group: Tab enters it, the arrows move the choice to "New account".
  const fresh = page.getByRole('radio', { name: 'New account' });
  await expect(async () => {
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio').and(page.locator(':focus'))).toHaveCount(1, { timeout: 100 });
  }).toPass({ timeout: 15_000, intervals: [0] });
  await expect(async () => {
    if (!(await fresh.isChecked())) await page.keyboard.press('ArrowDown');
    await expect(fresh).toBeChecked({ timeout: 100 });
  }).toPass({ timeout: 10_000, intervals: [0] });
  const business = `Keys ${Date.now()}`;
  await tabTo(page, 'textbox', 'Business name');
  await typeOver(page, business);
  await tabTo(page, 'button', 'Allow access');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/sources/[^/?]+`));
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Stripe account' })).toContainText(/acct_\w+/);
});

test('a person edits a mapping rule on a destination’s page with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('keys-rule'));
  const id = await createWorkspace(page, 'Keyboard Rules');
  await setUpSync(page, id, {
    business: `Rules ${Date.now()}`,
    portalName: `Keys ${Date.now()}`,
    stage: 'Closed Won',
  });
  const before = page.getByRole('row', { name: 'Rule 1' });
  await expect(before).toContainText('Closed Won');

  await tabTo(page, 'button', 'Edit rule 1');
  await page.keyboard.press('Enter');
  const rule = page.getByRole('group', { name: 'Edit rule' });
  await expect(rule).toBeVisible();
  await tabTo(page, 'combobox', 'HubSpot stage');
  const stage = rule.getByRole('combobox', { name: 'HubSpot stage' });
  // Open the list and walk it with the arrows until "Closed Lost" is highlighted, then pick it.
  await page.keyboard.press('ArrowDown');
  const closedLost = page.getByRole('option', { name: 'Closed Lost', exact: true });
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(stage).toHaveAttribute(
      'aria-activedescendant',
      (await closedLost.getAttribute('id')) ?? '-',
      {
        timeout: 100,
      },
    );
  }).toPass({ timeout: 15_000, intervals: [0] });
  await page.keyboard.press('Enter');
  await expect(stage).toHaveValue('Closed Lost');
  await tabTo(page, 'button', 'Done');
  await page.keyboard.press('Space');
  await expect(page.getByRole('row', { name: 'Rule 1' })).toContainText('Closed Lost');
  await tabTo(page, 'button', 'Save');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');

  await page.reload();
  await expect(page.getByRole('row', { name: 'Rule 1' })).toContainText('Closed Lost');
});
