import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';

/** Reloads a server-rendered sandbox page until `region` shows `text`: the page does not refresh itself. */
export const untilShown = (page: Page, region: string, text: string) =>
  expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: region })).toContainText(text, { timeout: 500 });
  }).toPass({ timeout: 20_000, intervals: [250] });

/** On a sandbox portal page: the row of `record` in `region`, once the page shows it. */
export const shownRow = async (page: Page, region: string, record: string): Promise<Locator> => {
  await untilShown(page, region, record);
  return rowOf(page, region, record);
};

/**
 * Picks an option of a Mantine select by its label, until the select shows it: as a person does
 * when the list closed under the pointer (a click that lands while the page above it shifts falls
 * outside the list and closes it), the list is opened again.
 */
export const choose = async (scope: Page | Locator, label: string, option: string) => {
  const combobox = scope.getByRole('combobox', { name: label });
  const page = 'page' in scope ? scope.page() : scope;
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await choice.isVisible())) await combobox.click();
    await choice.click({ timeout: 5_000 });
    await expect(combobox).toHaveValue(option, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
};

/** Adds a Stripe source from the sources list, the way a person does; returns its id from the detail page. */
export const addStripeSource = async (page: Page, subscriptionId: string): Promise<string> => {
  await page.goto(`/subscription/${subscriptionId}/sources`);
  await expect(page.getByRole('link', { name: 'New source' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'New source' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${subscriptionId}/sources/new$`));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add a Stripe source' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${subscriptionId}/sources/(?!new$)[^/]+$`));
  await expect(page.getByRole('button', { name: 'Connect with Stripe' })).toBeVisible();
  await expectAccessible(page, 'not connected');
  return /\/sources\/([^/]+)$/.exec(page.url())?.[1] ?? '';
};

/** Adds a HubSpot destination from the destinations list; returns its id from the detail page. */
export const addHubspotDestination = async (page: Page, subscriptionId: string): Promise<string> => {
  await page.goto(`/subscription/${subscriptionId}/destinations`);
  await expect(page.getByRole('link', { name: 'New destination' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'New destination' }).click();
  await expect(page.getByRole('button', { name: 'Add a HubSpot destination' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add a HubSpot destination' }).click();
  await expect(page).toHaveURL(new RegExp(`/subscription/${subscriptionId}/destinations/(?!new$)[^/]+$`));
  await expect(page.getByRole('button', { name: 'Connect with HubSpot' })).toBeVisible();
  await expectAccessible(page, 'not connected');
  return /\/destinations\/([^/]+)$/.exec(page.url())?.[1] ?? '';
};

/** From a source's detail page: Connect, then a new account on the sandbox's Stripe consent page, Allow. */
export const connectStripe = async (page: Page, business = `Shop ${Date.now()}`) => {
  await page.getByRole('button', { name: 'Connect with Stripe' }).click();
  await expect(page.getByRole('heading', { name: /Connect .* to Stripe/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New account').check();
  await page.getByLabel('Business name').fill(business);
  await page.getByRole('button', { name: 'Allow access' }).click();
  await expect(page).toHaveURL(/\/stripe\/callback\?/);
};

/** From a destination's detail page: Connect, then a new portal on the sandbox's HubSpot install page. */
export const connectHubspot = async (page: Page, portalName = `Portal ${Date.now()}`) => {
  await page.getByRole('button', { name: 'Connect with HubSpot' }).click();
  await expect(page.getByRole('heading', { name: /^Install / })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New portal').check();
  await page.getByLabel('Portal name').fill(portalName);
  await page.getByRole('button', { name: 'Connect app' }).click();
  await expect(page).toHaveURL(/\/hubspot\/callback\?/);
};

/** Opens the sandbox's control page from the top bar's Sandbox menu, in the new tab it opens. */
export const openControlPage = async (page: Page): Promise<Page> => {
  await page.getByRole('button', { name: 'Sandbox' }).click();
  const [control] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('menuitem', { name: 'Stripe and HubSpot control page' }).click(),
  ]);
  await control.waitForLoadState();
  await expectAccessible(control);
  return control;
};

/** The control page's form that ends in the button named `submit`. */
export const controlForm = (page: Page, submit: string) =>
  page.locator('form', { has: page.getByRole('button', { name: submit, exact: true }) });

/** The control page's Stripe account of `business`, from the top bar. */
export const openStripeAccount = (control: Page, business: string) =>
  control.getByRole('banner').getByRole('link', { name: business }).click();

/**
 * On the control page, in the Stripe account of `business`: a product priced in `currency` (the
 * form's default unless named), with `productMetadata` (`key=value`) when given, and a customer on
 * a 14-day trial of it. Returns the name of the billing subscription's deal in HubSpot.
 */
export const startTrial = async (
  control: Page,
  business: string,
  {
    product,
    currency,
    productMetadata,
    customer,
  }: {
    product: string;
    currency?: string;
    productMetadata?: string;
    customer: { name: string; email: string };
  },
): Promise<string> => {
  await openStripeAccount(control, business);
  const productForm = controlForm(control, 'Create product with price');
  await productForm.getByLabel('Product name').fill(product);
  if (currency) await productForm.getByLabel('Currency').fill(currency);
  if (productMetadata) await productForm.getByLabel('Product metadata').fill(productMetadata);
  await productForm.getByRole('button').click();
  await expect(control.getByText(/^Created product/)).toBeVisible();
  const customerForm = controlForm(control, 'Create customer');
  await customerForm.getByLabel('Name').fill(customer.name);
  await customerForm.getByLabel('E-mail').fill(customer.email);
  await customerForm.getByRole('button').click();
  await expect(control.getByText(/^Created customer/)).toBeVisible();
  const billing = controlForm(control, 'Create billing subscription');
  await billing.getByLabel('Customer').selectOption({ label: customer.name });
  await billing.getByLabel('Trial days').fill('14');
  await billing.getByRole('button').click();
  const created = (await control.getByText(/^Created sub_\w+ \(trialing\)\.$/).textContent()) ?? '';
  return `Subscription ${/sub_\w+/.exec(created)?.[0] ?? ''}`;
};

/**
 * In the destination page's "Add field mapping" form, with its object and value chosen: a new
 * HubSpot property `label` (internal name `name`) created from the editor, and the mapping added.
 */
export const mapToNewProperty = async (form: Locator, label: string, name: string) => {
  await choose(form, 'HubSpot property', 'Create a new property…');
  await form.getByRole('textbox', { name: 'New property name' }).fill(label);
  await expectAccessible(form.page(), 'creating a property for a field mapping');
  await form.getByRole('button', { name: 'Create property' }).click();
  await expect(form.getByRole('combobox', { name: 'HubSpot property' })).toHaveValue(`${label} (${name})`);
  await form.getByRole('button', { name: 'Add field mapping' }).click();
};

/** Switches the connection on its detail page on and saves it. */
export const switchOnAndSave = async (page: Page) => {
  await page.getByRole('switch', { name: 'Sync enabled' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Your changes have been saved.');
};

/**
 * The way a person sets a workspace up to sync: a Stripe source connected and switched on, a
 * HubSpot destination connected with one rule (`status` → `stage`) and switched on. Ends on the
 * destination's page; returns its address.
 */
export const setUpSync = async (
  page: Page,
  subscriptionId: string,
  {
    business,
    portalName,
    status,
    stage,
  }: { business: string; portalName: string; status?: string; stage: string },
): Promise<string> => {
  await addStripeSource(page, subscriptionId);
  await connectStripe(page, business);
  await switchOnAndSave(page);
  await expectAccessible(page, 'connected');
  await addHubspotDestination(page, subscriptionId);
  await connectHubspot(page, portalName);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  const destinationPage = page.url().replace(/\?.*$/, '');
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rule = page.getByRole('group', { name: 'Edit rule' });
  await expect(rule).toBeVisible();
  await expectAccessible(page, 'editing a rule');
  if (status) await choose(rule, 'Stripe status', status);
  await choose(rule, 'HubSpot stage', stage);
  await rule.getByRole('button', { name: 'Done' }).click();
  await switchOnAndSave(page);
  await expectAccessible(page, 'connected with a rule');
  return destinationPage;
};

/** The control page's overview (the clock, the Stripe accounts and HubSpot portals), from any of its pages. */
export const controlOverview = (control: Page) => control.url().replace(/\/_sandbox\/.*$/, '/_sandbox');

/** Opens, in a new tab, the sandbox HubSpot browser of the portal named `portalName`. */
export const openPortal = async (control: Page, portalName: string): Promise<Page> => {
  const portal = await control.context().newPage();
  await portal.goto(controlOverview(control));
  await portal.getByRole('banner').getByRole('link', { name: portalName }).click();
  return portal;
};

/** The row of the sandbox HubSpot browser's `region` that holds `text`. */
export const rowOf = (portal: Page, region: string, text: string) =>
  portal.getByRole('region', { name: region }).getByRole('row').filter({ hasText: text });

/** The HubSpot id in the first cell of a row of the sandbox HubSpot browser. */
export const idIn = async (portal: Page, region: string, text: string) =>
  (await rowOf(portal, region, text).getByRole('cell').first().textContent()) ?? '';

/** On the control page's Stripe account: the customer named `name` gets a new e-mail address. */
export const changeEmail = async (control: Page, name: string, email: string) => {
  const field = control.getByRole('textbox', { name: `New e-mail of ${name}` });
  await field.fill(email);
  await control
    .getByRole('row')
    .filter({ has: field })
    .getByRole('button', { name: 'Change e-mail' })
    .click();
  await expect(
    control.getByText(new RegExp(`^Changed the e-mail of cus_\\w+ to ${email.replace(/\./g, '\\.')}\\.$`)),
  ).toBeVisible();
};

/** On the control page's Stripe account: a test card (its label in the list) becomes the customer's default. */
export const attachCard = async (control: Page, email: string, card: string, last4: string) => {
  const row = control.getByRole('row').filter({ hasText: email });
  await row.getByRole('combobox').selectOption({ label: card });
  await row.getByRole('button', { name: 'Attach as default' }).click();
  await expect(row).toContainText(`•••• ${last4}`);
};

/** A time the control page shows (`2026-12-12 09:30`, UTC, to the minute) in milliseconds. */
const shownTime = (text: string) => Date.parse(`${text.trim().replace(' ', 'T')}:00Z`);

/**
 * Moves the sandbox clock just past the end of a billing subscription's current period (a trial's
 * end, a renewal), reading both times on the control page as a person does: at most a day past it,
 * so a failed payment's first retry (three days later) has not come yet, whatever the month's length.
 */
export const advancePastPeriodEnd = async (control: Page, business: string, subscriptionId: string) => {
  await control.goto(controlOverview(control));
  const overview = await control.getByText(/sandbox clock/).innerText();
  const now = shownTime(/sandbox clock\s+(\S+ \S+) UTC/.exec(overview)?.[1] ?? '');
  await openStripeAccount(control, business);
  const subscription = control
    .getByRole('row')
    .filter({ has: control.getByRole('cell', { name: subscriptionId, exact: true }) });
  const period = (await subscription.getByRole('cell').nth(4).textContent()) ?? '';
  const end = shownTime(period.split('→')[1] ?? '');
  // Both times are shown to the minute: two minutes more is past the end for certain.
  const days = Math.ceil((end - now + 120_000) / 86_400_000);
  expect(days).toBeGreaterThan(0);
  await control.goto(controlOverview(control));
  const clock = controlForm(control, '+ days');
  await clock.getByLabel('Days to advance').fill(String(days));
  await clock.getByRole('button').click();
  await expect(control.getByText(`Clock advanced by ${days} day(s).`)).toBeVisible();
};
