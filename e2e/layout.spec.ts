import { expect, test } from '@playwright/test';
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

test('the sign-in card does not move when its page arrives after the session', async ({ page }) => {
  // A phone on a slow network: the session answers before the page's code is in (issue 31 §3,
  // CLS 0.082 in two of five Lighthouse runs). The page's chunk is held until the session has answered.
  // Browser code as text: this project's types are Node's, not the DOM's.
  await page.addInitScript(`
    window.shifts = { total: 0 };
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries()) window.shifts.total += shift.value;
    }).observe({ type: 'layout-shift' });
  `);
  let releasePage = () => {};
  const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
  await page.route(/\/assets\/sign-in-page-[^/]+\.js$/, async (route) => {
    await pageHeld;
    await route.continue();
  });
  const session = page.waitForResponse(/\/api\/auth\/get-session/);
  await page.goto('/signin');
  await session;
  await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
  releasePage();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  // The shifts of the frame that drew the form are reported with that frame: wait for the next one.
  const shifted = await page.evaluate<number>(
    'new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(window.shifts.total))))',
  );
  expect(shifted).toBe(0);
});
