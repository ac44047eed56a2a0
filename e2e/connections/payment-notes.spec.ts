import { expect, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { createWorkspace } from '../support/workspaces.ts';
import { controlForm, openControlPage, setUpSync, startTrial, untilShown } from '../support/connections.ts';

test('a failed renewal becomes a note on the contact and the deal, with the task setting in English and Chinese', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signUp(page, newUser('notes'));
  const id = await createWorkspace(page, 'Notes Shop');
  const business = `Notes ${Date.now()}`;
  const portalName = `Notes portal ${Date.now()}`;
  const destinationPage = await setUpSync(page, id, {
    business,
    portalName,
    status: 'trialing',
    stage: 'Appointment Scheduled',
  });

  // The destination asks for a task when a payment fails, and says so in Chinese too.
  const tasks = page.getByRole('switch', { name: 'Create a task for the deal’s owner when a payment fails' });
  await expect(tasks).not.toBeChecked();
  await tasks.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  await expect(page.getByRole('switch', { name: '付款失败时为交易负责人创建任务' })).toBeChecked();
  await expectAccessible(page, 'tasks on failed payment');
  await page.goto(destinationPage);
  await expect(page.getByRole('switch', { name: '付款失败时为交易负责人创建任务' })).toBeChecked();
  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' });

  // A customer on trial whose card declines every charge: the renewal at the trial's end fails.
  const control = await openControlPage(page);
  const dealName = await startTrial(control, business, {
    product: 'Notes plan',
    customer: { name: 'Ada King', email: 'ada@example.com' },
  });
  const cardRow = control.getByRole('row').filter({ hasText: 'ada@example.com' });
  await cardRow.getByRole('combobox').selectOption({ label: 'Visa 0341 (attaches, payments fail)' });
  await cardRow.getByRole('button', { name: 'Attach as default' }).click();
  await expect(control.getByText(/0341/).first()).toBeVisible();
  const portal = await context.newPage();
  await portal.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  await untilShown(portal, 'Contacts', 'ada@example.com');

  await control.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  const clock = controlForm(control, '+ days');
  await clock.getByLabel('Days to advance').fill('15');
  await clock.getByRole('button').click();

  // The note names the amount and when Stripe retries, on the customer's contact and deal.
  await untilShown(portal, 'Notes', 'Payment of $49.00 for invoice');
  const note = portal
    .getByRole('region', { name: 'Notes' })
    .getByRole('row')
    .filter({ hasText: 'Payment of $49.00 for invoice' });
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('Stripe retries on');
  await untilShown(portal, 'Tasks', 'Payment of $49.00 failed — Stripe retries on');
  const dealId = await portal
    .getByRole('row')
    .filter({ hasText: dealName })
    .getByRole('cell')
    .first()
    .textContent();
  const contactId = await portal
    .getByRole('region', { name: 'Contacts' })
    .getByRole('row')
    .filter({ hasText: 'ada@example.com' })
    .getByRole('cell')
    .first()
    .textContent();
  await expect(note).toContainText(new RegExp(`deals:\\s*${dealId}`));
  await expect(note).toContainText(new RegExp(`contacts:\\s*${contactId}`));
});
