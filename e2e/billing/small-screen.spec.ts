import { expect, test } from '@playwright/test';
import { newUser, signUpVerified } from '../support/accounts.ts';
import { anAddress, fillAddress, fillCard, goodCard } from '../support/billing.ts';
import { everyControlLabelled, fitsTheWidth, tabTo } from '../support/small-screen.ts';

test.use({ viewport: { width: 375, height: 740 } });

test('the billing step and the billing pages fit a 375 px screen, name every control and work from the keyboard', async ({
  page,
}) => {
  await signUpVerified(page, newUser('small-billing'));
  await page.goto('/create-plan');
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await fillAddress(page, anAddress);
  await fillCard(page, goodCard);
  await fitsTheWidth(page);
  await everyControlLabelled(page);
  await page.getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page).toHaveURL(/\/subscription\/[^/]+\/settings$/);
  const id = /\/subscription\/([^/]+)\/settings$/.exec(page.url())?.[1] ?? '';

  await page.goto(`/subscription/${id}/billing`);
  await expect(page.getByRole('table', { name: 'Invoices' }).locator('tbody tr')).toHaveCount(1);
  await fitsTheWidth(page);
  await everyControlLabelled(page);
  // The invoice's number is a link the keyboard reaches; Enter opens the hosted invoice.
  const invoiceLink = page.getByRole('link', { name: /^Open invoice / });
  await invoiceLink.focus();
  const [hosted] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
  await expect(hosted).toHaveURL(/\/i\/[^/]+\/in_/);
  await hosted.close();

  await tabTo(page, 'button', 'Manage payment methods');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/subscription/${id}/billing/payment-methods$`));
  await expect(page.getByRole('article')).toHaveCount(1);
  await fitsTheWidth(page);
  await everyControlLabelled(page);

  await page.goto(`/subscription/${id}/billing/cancel`);
  await fitsTheWidth(page);
  await everyControlLabelled(page);
});
