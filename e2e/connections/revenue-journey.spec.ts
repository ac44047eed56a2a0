import { expect, test, type Locator, type Page } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { createWorkspace } from '../support/workspaces.ts';
import {
  advancePastPeriodEnd,
  attachCard,
  changeEmail,
  idIn,
  openControlPage,
  openPortal,
  openStripeAccount,
  rowOf,
  setUpSync,
  startTrial,
  untilShown,
} from '../support/connections.ts';

const companiesSetting = { en: 'Create companies from e-mail domains', zh: '按邮箱域名创建公司' };
const tasksSetting = {
  en: 'Create a task for the deal’s owner when a payment fails',
  zh: '付款失败时为交易负责人创建任务',
};

/** The owner switches both issue-33 settings on, and reads them in Chinese, after a reload too. */
const switchOnCompaniesAndTasks = async (page: Page, destinationPage: string) => {
  for (const setting of [companiesSetting, tasksSetting]) {
    await expect(page.getByRole('switch', { name: setting.en })).not.toBeChecked();
    await page.getByRole('switch', { name: setting.en }).check();
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  await expectAccessible(page, 'companies and tasks on');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  for (const setting of [companiesSetting, tasksSetting])
    await expect(page.getByRole('switch', { name: setting.zh })).toBeChecked();
  await expectAccessible(page, 'companies and tasks on, in Chinese');
  await page.goto(destinationPage);
  for (const setting of [companiesSetting, tasksSetting])
    await expect(page.getByRole('switch', { name: setting.zh })).toBeChecked();
  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' });
  for (const setting of [companiesSetting, tasksSetting])
    await expect(page.getByRole('switch', { name: setting.en })).toBeChecked();
};

/** The revenue properties a row of the sandbox HubSpot browser shows, as `name: value`. */
const expectFigures = async (row: Locator, figures: Record<string, string>) => {
  for (const [name, value] of Object.entries(figures))
    await expect(row).toContainText(`billbridge_${name}: ${value}`);
};

test('a business customer: contact and company with the same MRR and status, one contact through an e-mail change, a failed renewal noted, both settings in English and Chinese', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await signUp(page, newUser('revenue-journey'));
  const id = await createWorkspace(page, 'Analytical Engines');
  const business = `Journey ${Date.now()}`;
  const portalName = `Journey portal ${Date.now()}`;
  const destinationPage = await setUpSync(page, id, {
    business,
    portalName,
    status: 'trialing',
    stage: 'Appointment Scheduled',
  });
  await switchOnCompaniesAndTasks(page, destinationPage);

  // A customer on a business domain starts a trial, with a card that pays.
  const domain = `analytical-engines-${Date.now()}.example`;
  const control = await openControlPage(page);
  const dealName = await startTrial(control, business, {
    product: 'Engines plan',
    customer: { name: 'Ada King', email: `ada@${domain}` },
  });
  const subscriptionId = dealName.replace('Subscription ', '');
  await attachCard(control, `ada@${domain}`, 'Visa 4242 (succeeds)', '4242');

  // Its contact shows the trial; the company, named from the domain, shows the same figures.
  const portal = await openPortal(control, portalName);
  const stage = 'Sales Pipeline › Appointment Scheduled';
  await untilShown(portal, stage, dealName);
  await untilShown(portal, 'Companies', 'billbridge_customer_status: trialing');
  await untilShown(portal, 'Contacts', 'billbridge_customer_status: trialing');
  const contact = (email: string) => rowOf(portal, 'Contacts', email);
  const company = rowOf(portal, 'Companies', domain);
  const trial = { mrr: '0.00', arr: '0.00', revenue_currency: 'USD', customer_status: 'trialing' };
  await expectFigures(contact(`ada@${domain}`), trial);
  await expectFigures(company, trial);
  // The trial's first invoice, of nothing, is no payment.
  await expect(contact(`ada@${domain}`)).not.toContainText('billbridge_last_payment_status');
  await expect(company).not.toContainText('billbridge_first_payment_date');

  // The deal is on the contact and on the company; the contact is on the company.
  const contactId = await idIn(portal, 'Contacts', `ada@${domain}`);
  const dealId = await idIn(portal, stage, dealName);
  const companyId = await idIn(portal, 'Companies', domain);
  expect(companyId).toMatch(/^\d+$/);
  await expect(company).toContainText(new RegExp(`contacts:\\s*${contactId}`));
  await expect(company).toContainText(new RegExp(`deals:\\s*${dealId}`));
  await expect(contact(`ada@${domain}`)).toContainText(new RegExp(`companies:\\s*${companyId}`));
  await expect(contact(`ada@${domain}`)).toContainText(new RegExp(`deals:\\s*${dealId}`));
  await expect(rowOf(portal, stage, dealName)).toContainText(new RegExp(`companies:\\s*${companyId}`));

  // The address changes in Stripe: the same contact gets it, no second one appears.
  const newEmail = `ada.king@${domain}`;
  await changeEmail(control, 'Ada King', newEmail);
  await untilShown(portal, 'Contacts', newEmail);
  await expect(portal.getByRole('region', { name: 'Contacts' }).getByRole('row')).toHaveCount(2);
  await expect(portal.getByRole('region', { name: 'Contacts' })).not.toContainText(`ada@${domain}`);
  await expect(contact(newEmail).getByRole('cell').first()).toHaveText(contactId);
  await expect(contact(newEmail)).toContainText(new RegExp(`deals:\\s*${dealId}`));
  await expect(company).toContainText(new RegExp(`contacts:\\s*${contactId}`));

  // The trial ends and the first renewal is paid: the customer is worth the plan's price a month.
  await advancePastPeriodEnd(control, business, subscriptionId);
  await untilShown(portal, 'Contacts', 'billbridge_customer_status: active');
  await untilShown(portal, 'Companies', 'billbridge_customer_status: active');
  const paid = { mrr: '49.00', arr: '588.00', ltv: '49.00', last_payment_status: 'succeeded' };
  await expectFigures(contact(newEmail), paid);
  await expectFigures(company, paid);

  // The next renewal is charged to a card whose payments fail.
  await openStripeAccount(control, business);
  await attachCard(control, newEmail, 'Visa 0341 (attaches, payments fail)', '0341');
  await advancePastPeriodEnd(control, business, subscriptionId);

  // A note names the amount and when Stripe retries, on the contact and the deal; a task for its owner.
  await untilShown(portal, 'Notes', 'Payment of $49.00 for invoice');
  const note = rowOf(portal, 'Notes', 'Payment of $49.00 for invoice');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('Stripe retries on');
  await expect(note).toContainText(new RegExp(`deals:\\s*${dealId}`));
  await expect(note).toContainText(new RegExp(`contacts:\\s*${contactId}`));
  await untilShown(portal, 'Tasks', 'Payment of $49.00 failed — Stripe retries on');

  // The contact and its company say the customer is past due, its last payment failed.
  await untilShown(portal, 'Companies', 'billbridge_customer_status: past_due');
  const failed = { mrr: '49.00', ltv: '49.00', customer_status: 'past_due', last_payment_status: 'failed' };
  await expectFigures(contact(newEmail), failed);
  await expectFigures(company, failed);
});
