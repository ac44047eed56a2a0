import { expect, test, type Locator, type Page } from '@playwright/test';
import { newUser, signOut, signUp } from './support/accounts.ts';
import { addStripeSource, setUpSync } from './support/connections.ts';
import { tabTo } from './support/small-screen.ts';
import { createWorkspace } from './support/workspaces.ts';

/**
 * Issue 31 §4: what the suite clicks can be done with the keyboard alone. Each test sets its scene
 * with the shared helpers, then does the flow under test with Tab, Shift+Tab, arrows, Enter and
 * Space only.
 */

/**
 * Walks the focused select's list with the arrows until `option` is highlighted, then picks it with
 * Enter. A press that lands before the list has settled (the test types faster than a person) is
 * pressed again, as a person would when the field does not take the value.
 */
const pickWithArrows = async (page: Page, combobox: Locator, option: string) => {
  const wanted = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(combobox).toHaveAttribute(
      'aria-activedescendant',
      (await wanted.getAttribute('id')) ?? '-',
      {
        timeout: 100,
      },
    );
    await page.keyboard.press('Enter');
    await expect(combobox).toHaveValue(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000, intervals: [0] });
};

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
  await pickWithArrows(page, stage, 'Closed Lost');
  await tabTo(page, 'button', 'Done');
  await page.keyboard.press('Space');
  await expect(page.getByRole('row', { name: 'Rule 1' })).toContainText('Closed Lost');
  await tabTo(page, 'button', 'Save');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');

  await page.reload();
  await expect(page.getByRole('row', { name: 'Rule 1' })).toContainText('Closed Lost');
});

test('a person adds a field mapping on a destination’s page with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('keys-fields'));
  const id = await createWorkspace(page, 'Keyboard Fields');
  await setUpSync(page, id, {
    business: `Fields ${Date.now()}`,
    portalName: `Keys fields ${Date.now()}`,
    stage: 'Closed Won',
  });
  /** Types into a searchable select, then walks the list with the arrows to `option` and picks it. */
  const pick = async (label: string, typed: string, option: string) => {
    await tabTo(page, 'combobox', label);
    await page.keyboard.type(typed);
    await pickWithArrows(page, page.getByRole('combobox', { name: label }), option);
  };
  await pick('Stripe value', 'address.city', 'customer.address.city');
  await pick('HubSpot property', 'City', 'City (city)');
  await tabTo(page, 'button', 'Add field mapping');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('table', { name: 'Contacts' }).getByRole('row', { name: /customer\.address\.city/ }),
  ).toContainText('City');
  await tabTo(page, 'button', 'Save');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Contacts' }).getByRole('row', { name: /customer\.address\.city/ }),
  ).toContainText('City');
});
