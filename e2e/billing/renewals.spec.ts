import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { newUser, signUpVerified } from '../support/accounts.ts';
import {
  advanceStripeClock,
  createPaidWorkspace,
  days,
  failingCard,
  fillCard,
  invoiceRows,
} from '../support/billing.ts';

test('a month later the renewal invoice is listed and opens its hosted page; a failed renewal makes the workspace past due until it is paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpVerified(page, newUser('renewals'));
  const { id } = await createPaidWorkspace(page, 'Pro');
  const billing = `/subscription/${id}/billing`;

  await advanceStripeClock(page, days(31));
  await page.goto(billing);
  await expect(invoiceRows(page)).toHaveCount(2);
  await expect(page.getByTestId('pagination-summary')).toHaveText('Showing 1 to 2 of 2 results');
  const renewal = invoiceRows(page).first();
  await expect(renewal).toContainText('$49.00');
  await expect(renewal).toContainText('Paid');
  const [hosted] = await Promise.all([page.context().waitForEvent('page'), renewal.click()]);
  await expect(hosted).toHaveURL(/\/i\/[^/]+\/in_/);
  await expect(hosted.getByText('$49.00').first()).toBeVisible();
  await expectAccessible(hosted, 'paid');
  await hosted.close();

  // The next renewal is charged to a card whose payments fail.
  await page.goto(`${billing}/payment-methods`);
  await page.getByRole('button', { name: 'Add card' }).click();
  await fillCard(page, failingCard);
  await page.getByRole('button', { name: 'Save card' }).click();
  await page
    .getByRole('article', { name: 'Visa ending in 0341' })
    .getByRole('button', { name: 'Set as default' })
    .click();
  await expect(page.getByRole('article', { name: 'Visa ending in 0341' })).toContainText('Default');

  await advanceStripeClock(page, days(31));
  await expect(async () => {
    await page.goto(billing);
    await expect(page.getByTestId('billing-status')).toHaveText('Past due', { timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment past due' })).toBeVisible();
  await page.goto(`/subscription/${id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Payment past due' })).toBeVisible();

  // The owner pays the open invoice on its hosted page, with a good card.
  await page.goto(billing);
  const open = invoiceRows(page).filter({ hasText: 'Open' });
  await expect(open).toHaveCount(1);
  const [payPage] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
  await expect(payPage.getByRole('button', { name: /^Pay / })).toBeVisible();
  await expectAccessible(payPage, 'open');
  await payPage.getByRole('button', { name: /^Pay / }).click();
  await expect(payPage.getByText('Payment succeeded. Thank you!')).toBeVisible();
  await payPage.close();

  await expect(async () => {
    await page.goto(billing);
    await expect(page.getByTestId('billing-status')).toHaveText('Active', { timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment past due' })).toHaveCount(0);
  await expect(invoiceRows(page).filter({ hasText: 'Open' })).toHaveCount(0);
});
