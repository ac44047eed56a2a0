import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUp } from '../support/accounts.ts';
import { choose, controlForm, openControlPage, setUpSync } from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';

test('an admin finds a failed event in the activity log, reads HubSpot’s answer, and retries it once the fault is gone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser('log'));
  const id = await createWorkspace(page, 'Log Shop');
  const business = `Log ${Date.now()}`;
  const portalName = `Log portal ${Date.now()}`;
  await setUpSync(page, id, { business, portalName, stage: 'Closed Won' });
  const portalId = await page.getByRole('region', { name: 'HubSpot portal' }).locator('code').textContent();

  // This portal refuses every contact write (other tests share the sandbox); then a customer is
  // created in Stripe.
  const control = await openControlPage(page);
  const fault = controlForm(control, 'Add fault');
  await fault.getByLabel('Path').fill('/crm/v3/objects/contacts/*');
  await fault.getByLabel('Only for').fill(portalId ?? '');
  await fault.getByLabel('Status').fill('400');
  await fault.getByRole('button').click();
  await expect(control.getByText(/^Added fault/)).toBeVisible();
  await control.getByRole('banner').getByRole('link', { name: business }).click();
  const customer = controlForm(control, 'Create customer');
  await customer.getByLabel('Name').fill('Fay Fault');
  await customer.getByLabel('E-mail').fill('fay.fault@example.com');
  await customer.getByRole('button').click();
  await expect(control.getByText(/^Created customer/)).toBeVisible();

  // The log, from the dashboard: the failure, filtered, with HubSpot's answer and the payload.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await page.getByRole('link', { name: 'Open the activity log' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/activity$`));
  await expect(page.getByRole('heading', { name: 'Activity log', level: 1 })).toBeVisible();
  await choose(page.getByRole('search', { name: 'Filter the activity log' }), 'Status', 'Failure');
  const log = page.getByRole('table', { name: 'Activity log' });
  const row = log.getByRole('row', { name: /^evt_/ });
  // The engine tries a refused write three times, backing off, before it calls it failed; until
  // then the filtered log is empty (or still shows the unfiltered rows, dimmed, while it loads).
  await expect(row.filter({ hasText: 'Failure' })).toHaveCount(1, { timeout: 30_000 });
  await expect(log).not.toHaveAttribute('aria-busy', 'true');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('customer.created');
  await expectAccessible(page, 'a failure');

  await row.getByRole('button', { name: 'Details' }).click();
  const detail = page.getByRole('dialog', { name: 'Event details' });
  await expect(detail.getByText('HubSpot’s last answer')).toBeVisible();
  await expect(detail.getByRole('region', { name: 'Stripe event as received' })).toContainText(
    '"customer.created"',
  );
  await expect(detail.getByRole('region', { name: 'In HubSpot' })).toContainText(
    'Nothing was written to HubSpot for this event.',
  );
  await expectAccessible(page, 'event details');
  await detail.getByRole('button', { name: 'Close' }).click();

  // The fault is cleared in the sandbox; a retry from the log turns the row to success, no reload.
  await control.getByRole('link', { name: 'Overview' }).click();
  await control
    .getByRole('row', { name: new RegExp(`hubspot \\(${portalId}\\)`) })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(control.getByText(/^Removed fault_/)).toBeVisible();
  await choose(page.getByRole('search', { name: 'Filter the activity log' }), 'Status', 'All');
  const failed = page
    .getByRole('table', { name: 'Activity log' })
    .getByRole('row', { name: /^evt_/ })
    .filter({
      hasText: 'customer.created',
    });
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed).toContainText('Success', { timeout: 20_000 });
  await expect(failed.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // Its detail now links the contact in the portal.
  await failed.getByRole('button', { name: 'Details' }).click();
  const written = detail.getByRole('region', { name: 'In HubSpot' });
  await expect(written).toContainText('Contact');
  await expect(written.getByRole('link')).toHaveAttribute('href', /\/contacts\/\d+\/record\/0-1\/\d+$/);
});
