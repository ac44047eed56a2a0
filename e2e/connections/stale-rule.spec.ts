import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { addHubspotDestination, choose, connectHubspot, openControlPage } from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('a rule whose stage was deleted in HubSpot is flagged on the destination page', async ({ page }) => {
  await signUp(page, newUser('stale'));
  const id = await createWorkspace(page, 'Stale Shop');
  await addHubspotDestination(page, id);
  const portalName = `Stale portal ${Date.now()}`;
  await connectHubspot(page, portalName);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add rule' }).click();
  await choose(page, 'HubSpot stage', 'Contract Sent');
  await page.getByRole('group', { name: 'Edit rule' }).getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  const rule = page.getByRole('row', { name: 'Rule 1' });
  await expect(rule).toContainText('Contract Sent');
  await expect(rule).not.toContainText('Not in the portal any more');

  // Someone deletes the stage in the portal.
  const control = await openControlPage(page);
  await control.getByRole('banner').getByRole('link', { name: portalName }).click();
  await control.getByRole('button', { name: 'Delete stage Contract Sent' }).click();
  await expect(control.getByText('Deleted stage contractsent.')).toBeVisible();

  await page.reload();
  await expect(rule).toContainText('Not in the portal any more');
});
