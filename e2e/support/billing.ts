import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';

export type Address = {
  name: string;
  phone: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

export const anAddress: Address = {
  name: 'Ada Lovelace',
  phone: '+1 415 555 0100',
  line1: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  country: 'US',
};

/** Types into the address element (the sandbox's Stripe.js renders it as labelled inputs). */
export const fillAddress = async (scope: Page | Locator, address: Address) => {
  await scope.getByRole('textbox', { name: 'Full name' }).fill(address.name);
  await scope.getByRole('textbox', { name: 'Phone' }).fill(address.phone);
  await scope.getByRole('textbox', { name: 'Address line 1' }).fill(address.line1);
  await scope.getByRole('textbox', { name: 'Address line 2 (optional)' }).fill(address.line2 ?? '');
  await scope.getByRole('textbox', { name: 'City' }).fill(address.city);
  await scope.getByRole('textbox', { name: 'State' }).fill(address.state);
  await scope.getByRole('textbox', { name: 'Postal code' }).fill(address.postalCode);
  await scope.getByRole('textbox', { name: 'Country (2 letters)' }).fill(address.country);
};

/** Types a test card into the payment element. */
export const fillCard = async (scope: Page | Locator, number: string, expiry = '12 / 34') => {
  await scope.getByRole('textbox', { name: /^Card number/ }).fill(number);
  await scope.getByRole('textbox', { name: 'MM / YY' }).fill(expiry);
  await scope.getByRole('textbox', { name: 'CVC' }).fill('123');
};

export const goodCard = '4242 4242 4242 4242';
export const declinedCard = '4000 0000 0000 0002';
/** Attaches, but every payment with it fails (the sandbox's and Stripe's test card). */
export const failingCard = '4000 0000 0000 0341';

/**
 * Home → create → a paid plan → its billing step filled with `card` and an address → subscribe.
 * Returns the time from "Choose <plan>" to the settings page, and the new workspace's id.
 */
export const createPaidWorkspace = async (
  page: Page,
  plan: 'Pro' | 'Business',
  card = goodCard,
): Promise<{ id: string; elapsedMs: number }> => {
  await page.goto('/create-plan');
  const started = Date.now();
  await page.getByRole('button', { name: `Choose ${plan}` }).click();
  await expect(page.getByRole('heading', { name: `Billing for ${plan}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Card number/ })).toBeVisible();
  // The figure is the person's time: the accessibility check's is taken out of it.
  const checkStarted = Date.now();
  await expectAccessible(page, 'billing step');
  const checkMs = Date.now() - checkStarted;
  await fillAddress(page, anAddress);
  await fillCard(page, card);
  await page.getByRole('button', { name: `Subscribe to ${plan}` }).click();
  await expect(page).toHaveURL(/\/subscription\/[^/]+\/settings$/);
  const elapsedMs = Date.now() - started - checkMs;
  return { id: /\/subscription\/([^/]+)\/settings$/.exec(page.url())?.[1] ?? '', elapsedMs };
};

/** The sandbox's JSON control API, at the Stripe stand-in's origin (the app's Sandbox menu links it). */
const sandboxApi = async (page: Page, path: string) => {
  const info = (await (await page.request.get('/api/sandbox')).json()) as { controlUrl: string };
  return new URL(`/_sandbox/api/${path}`, info.controlUrl).toString();
};

type SandboxState = {
  stripe: { accounts: { id: string; connectedTo: string | null }[] };
  hubspot: { portals: { id: number; name: string }[] };
};

export const sandboxState = async (page: Page): Promise<SandboxState> =>
  (await (await page.request.get(await sandboxApi(page, 'state'))).json()) as SandboxState;

/** The e-mail addresses of a sandbox portal's contacts. */
export const portalContactEmails = async (page: Page, portalId: number): Promise<string[]> => {
  const answer = await page.request.get(
    await sandboxApi(page, `hubspot/portals/${portalId}/records/contacts`),
  );
  const { results } = (await answer.json()) as { results: { properties: { email?: string } }[] };
  return results.map((contact) => contact.properties.email ?? '');
};

/**
 * A connected Stripe account's customers sign up, as its own business would bring them: the
 * sandbox control page's "Create customer" form, posted `count` times.
 */
export const customersSignUp = async (page: Page, account: string, count: number, prefix: string) => {
  const info = (await (await page.request.get('/api/sandbox')).json()) as { controlUrl: string };
  const url = new URL(`/_sandbox/stripe/${account}/customers`, info.controlUrl).toString();
  for (let index = 0; index < count; index += 1) {
    const answer = await page.request.post(url, {
      form: { name: `${prefix} ${index}`, email: `${prefix}-${index}@example.com` },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
  }
};

/** Moves the sandbox's Stripe clock forward, then waits until its webhooks are delivered. */
export const advanceStripeClock = async (page: Page, seconds: number) => {
  const advanced = await page.request.post(await sandboxApi(page, 'clock/advance'), { data: { seconds } });
  expect(advanced.ok()).toBe(true);
  const idle = await page.request.post(await sandboxApi(page, 'stripe/webhooks/idle'));
  expect(idle.ok()).toBe(true);
};

export const days = (count: number) => count * 24 * 60 * 60;

/** The billing page's invoice rows (header excluded). */
export const invoiceRows = (page: Page) =>
  page.getByRole('table', { name: 'Invoices' }).locator('tbody').getByRole('row');
