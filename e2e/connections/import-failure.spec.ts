import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import {
  addStripeSource,
  connectStripe,
  controlForm,
  openControlPage,
  switchOnAndSave,
} from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('an import Stripe refuses shows as failed with the reason, and runs again from its button', async ({
  page,
}) => {
  await signUp(page, newUser('import'));
  const id = await createWorkspace(page, 'Import Shop');
  await addStripeSource(page, id);
  await connectStripe(page, `Import ${Date.now()}`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  const account = (await page.getByTestId('account-facts').locator('code').textContent()) ?? '';
  expect(account).toMatch(/^acct_/);

  // Stripe refuses this account's next customer listing, once (other tests share the sandbox and
  // list customers too: an unscoped fault could be spent on theirs).
  const control = await openControlPage(page);
  const fault = controlForm(control, 'Add fault');
  await fault.getByLabel('Service').selectOption('stripe');
  await fault.getByLabel('Method').fill('GET');
  await fault.getByLabel('Path').fill('/v1/customers');
  await fault.getByLabel('Status').fill('403');
  await fault.getByLabel('Times').fill('1');
  await fault.getByLabel('Only for').fill(account);
  await fault.getByRole('button').click();
  await expect(control.getByText(/^Added fault/)).toBeVisible();

  await switchOnAndSave(page);
  const imported = page.getByRole('region', { name: 'Import of existing data' });
  // The first switch-on previews the import; it runs once Import is pressed (decision 070).
  await imported.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(imported.getByText('Failed', { exact: true })).toBeVisible({ timeout: 20_000 });
  const reason = imported.getByRole('alert').filter({ hasText: 'The import failed' });
  await expect(reason).toBeVisible();
  expect((await reason.textContent())?.replace('The import failed', '').trim()).not.toBe('');

  await imported.getByRole('button', { name: 'Run the import again' }).click();
  await expect(imported.getByText('Done', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(imported.getByTestId('backfill-customers')).toContainText('Imported');
});
