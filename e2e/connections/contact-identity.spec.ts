import { expect, test, type Page } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { createWorkspace } from '../support/workspaces.ts';
import {
  changeEmail,
  openControlPage,
  rowOf,
  setUpSync,
  startTrial,
  untilShown,
} from '../support/connections.ts';

/** The contact row of the sandbox's HubSpot browser that holds `text`. */
const contactRow = (portal: Page, text: string) => rowOf(portal, 'Contacts', text);

test('a customer whose e-mail changes in Stripe stays the same HubSpot contact, in English and Chinese', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await signUp(page, newUser('identity'));
  const id = await createWorkspace(page, 'Identity Shop');
  const business = `Identity ${Date.now()}`;
  const portalName = `Identity portal ${Date.now()}`;
  await setUpSync(page, id, { business, portalName, status: 'trialing', stage: 'Appointment Scheduled' });

  // A customer on trial: its contact, with the deal on it.
  const control = await openControlPage(page);
  const dealName = await startTrial(control, business, {
    product: 'Identity plan',
    customer: { name: 'Ada King', email: 'ada@example.com' },
  });
  const portal = await context.newPage();
  await portal.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  await untilShown(portal, 'Sales Pipeline › Appointment Scheduled', dealName);
  await untilShown(portal, 'Contacts', 'ada@example.com');
  const contactId =
    (await contactRow(portal, 'ada@example.com').getByRole('cell').first().textContent()) ?? '';
  expect(contactId).toMatch(/^\d+$/);

  // The address changes in Stripe: the same contact gets it, no second one appears.
  await changeEmail(control, 'Ada King', 'ada.king@example.com');
  await untilShown(portal, 'Contacts', 'ada.king@example.com');
  const contacts = portal.getByRole('region', { name: 'Contacts' }).getByRole('row');
  await expect(contactRow(portal, 'ada.king@example.com')).toContainText(contactId);
  await expect(contacts).toHaveCount(2); // the header and the one contact
  await expect(portal.getByRole('region', { name: 'Contacts' })).not.toContainText('ada@example.com');
  await expect(contactRow(portal, contactId)).toContainText(/deals:\s*\d+/);

  // In Chinese: the dashboard shows the change synced, and the contact follows again.
  await page.goto(`/subscription/${id}`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  await changeEmail(control, 'Ada King', 'ada.k@example.com');
  const updates = page
    .getByRole('region', { name: '最近活动' })
    .getByRole('row', { name: /^evt_/ })
    .filter({ hasText: 'customer.updated' });
  await expect(updates.filter({ hasText: '成功' })).toHaveCount(2, { timeout: 15_000 });
  await untilShown(portal, 'Contacts', 'ada.k@example.com');
  await expect(contactRow(portal, 'ada.k@example.com')).toContainText(contactId);
  await expect(contacts).toHaveCount(2);
});
