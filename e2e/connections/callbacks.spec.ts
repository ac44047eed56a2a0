import { expect, type Page, test } from '@playwright/test';
import { newUser, signUp } from '../support/accounts.ts';
import {
  addHubspotDestination,
  addStripeSource,
  connectHubspot,
  connectStripe,
} from '../support/connections.ts';
import { createWorkspace } from '../support/workspaces.ts';
import { expectAccessible } from '../support/accessibility.ts';

/**
 * The accessibility check outlasts the 3 or 5 s the callback page waits: the page's clock stands
 * still while it runs, then flows again. A pause at a moment the flowing clock has already passed
 * fails, but stops the clock first: the second try pauses for certain.
 */
const checkWhileWaiting = async (page: Page, state: string) => {
  await expect(async () => {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1);
  }).toPass();
  await expectAccessible(page, state, { clockPaused: true });
  await page.clock.resume();
};

/** Spec §9: a callback leads on 3 s after a connection and 5 s after an error; the page's clock runs them. */
const afterDelay = async (page: Page, ms: number, url: RegExp) => {
  await expect(page).not.toHaveURL(url);
  await page.clock.fastForward(ms);
  await expect(page).toHaveURL(url);
};

test('the Stripe callback shows every outcome and leads to the list, the detail page or home', async ({
  page,
}) => {
  await page.clock.install();
  await signUp(page, newUser('callback'));
  const id = await createWorkspace(page, 'Callbacks');
  const sourceId = await addStripeSource(page, id);
  const list = new RegExp(`/subscription/${id}/sources$`);
  const detail = new RegExp(`/subscription/${id}/sources/${sourceId}$`);
  const alert = page.getByRole('alert');

  await page.goto(`/stripe/callback?error=access_denied&state=${id}:${sourceId}:nonce`);
  await expect(alert).toContainText('Stripe was not connected');
  await expect(alert).toContainText('The connection was canceled.');
  await checkWhileWaiting(page, 'canceled');
  await afterDelay(page, 5000, list);

  await page.goto('/stripe/callback?code=ac_1');
  await expect(alert).toContainText('The answer from the provider is missing its code or state.');
  await afterDelay(page, 5000, /\/dashboard$/);

  await page.goto('/stripe/callback?code=ac_1&state=nocolon');
  await expect(alert).toContainText('The answer from the provider is not a valid connection request.');
  await afterDelay(page, 5000, /\/dashboard$/);

  // A link this session never started: the server refuses it and says why.
  await page.goto(`/stripe/callback?code=ac_1&state=${id}:${sourceId}:forged`);
  await expect(alert).toContainText('The connection could not be completed.');
  await expect(alert).toContainText('This connection link is invalid or was already used.');
  await afterDelay(page, 5000, detail);

  // The connection breaks on the way: nothing the server said, the unexpected outcome.
  await page.route('**/api/functions/connectSource', (route) => route.abort('connectionreset'));
  await page.goto(`/stripe/callback?code=ac_1&state=${id}:${sourceId}:nonce`);
  await expect(alert).toContainText('Stripe was not connected');
  await expect(alert).toContainText('Something unexpected happened while connecting.');
  await afterDelay(page, 5000, detail);
  await page.unroute('**/api/functions/connectSource');

  await connectStripe(page);
  const callback = page.url();
  await expect(page.getByRole('status')).toContainText('Stripe connected');
  await checkWhileWaiting(page, 'connected');
  await afterDelay(page, 3000, detail);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();

  // The same answer again (a reload of the callback): already connected, back to the detail page.
  await page.goto(callback);
  await expect(alert).toContainText('This is already connected.');
  await afterDelay(page, 5000, detail);
});

test('the HubSpot callback leads a canceled install to the list and a repeated one to the detail page', async ({
  page,
}) => {
  await page.clock.install();
  await signUp(page, newUser('hubcallback'));
  const id = await createWorkspace(page, 'Hub callbacks');
  const destinationId = await addHubspotDestination(page, id);
  const detail = new RegExp(`/subscription/${id}/destinations/${destinationId}$`);
  const alert = page.getByRole('alert');

  await page.goto(`/hubspot/callback?error=access_denied&state=${id}:${destinationId}:nonce`);
  await expect(alert).toContainText('HubSpot was not connected');
  await checkWhileWaiting(page, 'canceled');
  await afterDelay(page, 5000, new RegExp(`/subscription/${id}/destinations$`));

  await page.goto(`/hubspot/callback?code=c_1&state=${id}:${destinationId}:forged`);
  await expect(alert).toContainText('This connection link is invalid or was already used.');
  await afterDelay(page, 5000, detail);

  await connectHubspot(page);
  const callback = page.url();
  await expect(page.getByRole('status')).toContainText('HubSpot connected');
  await afterDelay(page, 3000, detail);
  await page.goto(callback);
  await expect(alert).toContainText('This is already connected.');
  await afterDelay(page, 5000, detail);
});
