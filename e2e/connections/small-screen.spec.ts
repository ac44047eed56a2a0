import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { addHubspotDestination, addStripeSource, connectHubspot } from '../support/connections.ts';
import { everyControlLabelled, fitsTheWidth, tabTo } from '../support/small-screen.ts';
import { createWorkspace } from '../support/workspaces.ts';

test.use({ viewport: { width: 375, height: 740 } });

test('the connection pages fit a 375 px screen, name every control and work from the keyboard', async ({
  page,
}) => {
  await signUp(page, newUser('small'));
  const id = await createWorkspace(page, 'Small Screen');

  await addStripeSource(page, id);
  await expect(page.getByRole('button', { name: 'Connect with Stripe' })).toBeVisible();
  await fitsTheWidth(page);
  await everyControlLabelled(page);

  await addHubspotDestination(page, id);
  await connectHubspot(page);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await fitsTheWidth(page);

  // A rule made with the keyboard only: Add rule, pick a stage, Done, Save.
  await page.getByRole('textbox', { name: 'Name' }).focus();
  await tabTo(page, 'button', 'Add rule');
  await page.keyboard.press('Enter');
  const row = page.getByRole('group', { name: 'Edit rule' });
  await expect(row).toBeVisible();
  // The stages come with the portal's pipelines: a person waits for the pipeline to show.
  await expect(row.getByRole('combobox', { name: 'HubSpot pipeline' })).not.toHaveValue('');
  await tabTo(page, 'combobox', 'HubSpot stage');
  const stage = row.getByRole('combobox', { name: 'HubSpot stage' });
  await page.keyboard.press('ArrowDown');
  // Enter picks the highlighted option: wait for the list to highlight one, as a person sees it.
  await expect(stage).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(stage).not.toHaveValue('');
  await tabTo(page, 'button', 'Done');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row', { name: 'Rule 1' })).toBeVisible();
  await everyControlLabelled(page);
  await fitsTheWidth(page);
  await tabTo(page, 'button', 'Save');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');

  // The field mappings' dry run and re-apply, from the keyboard, within the width.
  await tabTo(page, 'button', 'Preview on synced records');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'No synced record has a value for these field mappings.' }),
  ).toBeVisible();
  await tabTo(page, 'button', 'Re-apply to synced records');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Every synced record already holds its mapped values.' }),
  ).toBeVisible();
  await everyControlLabelled(page);
  await fitsTheWidth(page);
});
