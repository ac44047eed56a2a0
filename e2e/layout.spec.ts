import { expect, test, type Page } from '@playwright/test';
import { newUser, signUp } from './support/accounts.ts';

test('the sidebar collapses on a large screen', async ({ page }) => {
  await signUp(page, newUser('wide'));
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Subscriptions' })).toBeInViewport();

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(navigation.getByRole('link', { name: 'Subscriptions' })).not.toBeInViewport();

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(navigation.getByRole('link', { name: 'Subscriptions' })).toBeInViewport();
});

test('a small screen opens the menu from the burger and closes it on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signUp(page, newUser('narrow'));
  const link = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Subscriptions' });
  await expect(link).not.toBeInViewport();

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(link).toBeInViewport();
  await link.click();

  await expect(link).not.toBeInViewport();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown address and the root both lead to the home page', async ({ page }) => {
  await signUp(page, newUser('lost'));

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** Holds each request to `url` until what `until` returns (called as the request arrives) settles. */
const holdRequests = async (page: Page, url: RegExp, until: () => Promise<unknown>): Promise<void> => {
  await page.route(url, async (route) => {
    await until();
    await route.continue();
  });
};

test('the sign-in card does not move when its parts arrive one after another', async ({ page }) => {
  // A phone on a slow network, a busy server: the session answers before the page's code is in
  // (issue 31 §3, CLS 0.082 in two of five Lighthouse runs), and the list of sign-in providers
  // answers last (CLS 0.018 on the CI check: the "Continue with Google" button grew the centred card).
  // Browser code as text: this project's types are Node's, not the DOM's.
  await page.addInitScript(`
    window.shifts = { total: 0 };
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries()) window.shifts.total += shift.value;
    }).observe({ type: 'layout-shift' });
  `);
  let releasePage = () => {};
  const pageReleased = new Promise<void>((resolve) => (releasePage = resolve));
  const signInChunk = /\/assets\/sign-in-page-[^/]+\.js$/;
  await holdRequests(page, signInChunk, () => pageReleased);
  const pageServed = page.waitForResponse(signInChunk);
  // The providers answer once the page's code is in and two frames have been drawn since their
  // request: whatever the page shows without them has been painted by then.
  await holdRequests(page, /\/api\/auth\/social-providers/, async () => {
    await pageServed;
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
  });
  const session = page.waitForResponse(/\/api\/auth\/get-session/);
  await page.goto('/signin');
  await session;
  await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
  releasePage();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  // The shifts of the frame that drew the card are reported with that frame: wait for the next one.
  const shifted = await page.evaluate<number>(
    'new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(window.shifts.total))))',
  );
  expect(shifted).toBe(0);
});
