import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { createWorkspace } from '../support/workspaces.ts';
import { controlForm, openControlPage, setUpSync, startTrial, untilShown } from '../support/connections.ts';

test('a customer’s contact shows its MRR and status: trialing first, active once the first renewal is paid', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signUp(page, newUser('revenue'));
  const id = await createWorkspace(page, 'Revenue Shop');
  const business = `Revenue ${Date.now()}`;
  const portalName = `Revenue portal ${Date.now()}`;
  await setUpSync(page, id, { business, portalName, status: 'trialing', stage: 'Appointment Scheduled' });

  // A customer starts a trial with a card that pays.
  const control = await openControlPage(page);
  await startTrial(control, business, {
    product: 'Revenue plan',
    customer: { name: 'Ada King', email: 'ada.revenue@example.com' },
  });
  const cardRow = control.getByRole('row').filter({ hasText: 'ada.revenue@example.com' });
  await cardRow.getByRole('combobox').selectOption({ label: 'Visa 4242 (succeeds)' });
  await cardRow.getByRole('button', { name: 'Attach as default' }).click();
  await expect(control.getByText(/4242/).first()).toBeVisible();

  const portal = await context.newPage();
  await portal.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  await untilShown(portal, 'Contacts', 'billbridge_customer_status: trialing');
  const contact = portal
    .getByRole('region', { name: 'Contacts' })
    .getByRole('row')
    .filter({ hasText: 'ada.revenue@example.com' });
  await expect(contact).toContainText('billbridge_mrr: 0.00');
  await expect(contact).toContainText('billbridge_revenue_currency: USD');

  // The trial ends and the first renewal is paid: the contact is worth the plan's price a month.
  await control.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  const clock = controlForm(control, '+ days');
  await clock.getByLabel('Days to advance').fill('15');
  await clock.getByRole('button').click();
  await untilShown(portal, 'Contacts', 'billbridge_customer_status: active');
  await expect(contact).toContainText('billbridge_mrr: 49.00');
  await expect(contact).toContainText('billbridge_arr: 588.00');
  await expect(contact).toContainText('billbridge_last_payment_status: succeeded');
});
