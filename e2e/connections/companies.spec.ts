import { expect, test, type Page } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import { expectAccessible } from '../support/accessibility.ts';
import { createWorkspace } from '../support/workspaces.ts';
import { openControlPage, setUpSync, startTrial, untilShown } from '../support/connections.ts';

/** The row of the sandbox HubSpot browser's `region` that holds `text`. */
const rowOf = (portal: Page, region: string, text: string) =>
  portal.getByRole('region', { name: region }).getByRole('row').filter({ hasText: text });

/** The HubSpot id in the first cell of a row. */
const idIn = async (portal: Page, region: string, text: string) =>
  (await rowOf(portal, region, text).getByRole('cell').first().textContent()) ?? '';

test('a customer on a business domain gets its company in HubSpot, with the contact and the deal on it', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await signUp(page, newUser('companies'));
  const id = await createWorkspace(page, 'Companies Shop');
  const business = `Companies ${Date.now()}`;
  const portalName = `Companies portal ${Date.now()}`;
  await setUpSync(page, id, { business, portalName, status: 'trialing', stage: 'Appointment Scheduled' });

  // The owner turns companies on, and sees the setting in Chinese too.
  const setting = page.getByRole('switch', { name: 'Create companies from e-mail domains' });
  await expect(setting).not.toBeChecked();
  await setting.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
  await expectAccessible(page, 'companies on');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  await expect(page.getByRole('switch', { name: '按邮箱域名创建公司' })).toBeChecked();
  await expectAccessible(page, 'companies on, in Chinese');
  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' });
  await expect(page.getByRole('switch', { name: 'Create companies from e-mail domains' })).toBeChecked();

  // A customer with a business address starts a trial.
  const domain = `engines-${Date.now()}.example`;
  const control = await openControlPage(page);
  const dealName = await startTrial(control, business, {
    product: 'Companies plan',
    customer: { name: 'Ada King', email: `ada@${domain}` },
  });
  const portal = await context.newPage();
  await portal.goto(control.url().replace(/\/_sandbox\/.*$/, '/_sandbox'));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  await untilShown(portal, 'Sales Pipeline › Appointment Scheduled', dealName);
  await untilShown(portal, 'Companies', domain);

  // The company, named from its domain, holds the contact and the deal.
  const stage = 'Sales Pipeline › Appointment Scheduled';
  const contactId = await idIn(portal, 'Contacts', `ada@${domain}`);
  const dealId = await idIn(portal, stage, dealName);
  const companyId = await idIn(portal, 'Companies', domain);
  expect(companyId).toMatch(/^\d+$/);
  const company = rowOf(portal, 'Companies', domain);
  await expect(company).toContainText(new RegExp(`contacts:\\s*${contactId}`));
  await expect(company).toContainText(new RegExp(`deals:\\s*${dealId}`));
  await expect(rowOf(portal, 'Contacts', `ada@${domain}`)).toContainText(
    new RegExp(`companies:\\s*${companyId}`),
  );
  await expect(rowOf(portal, stage, dealName)).toContainText(new RegExp(`companies:\\s*${companyId}`));
});
