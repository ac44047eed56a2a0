import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { mailLinkOf, openMailLink } from './mailbox.ts';

export type TestUser = { name: string; email: string; password: string };

let counter = 0;
let addresses = 0;

/** The client address each page was given, for the API calls made on its behalf. */
const ownAddresses = new WeakMap<Page, string>();

/**
 * Gives the page a client address of its own (X-Forwarded-For, trusted from loopback like a proxy
 * in front of the app), so the server's per-address rate limits count each test separately.
 * Loopback addresses only: nothing is ever sent to them, they are labels.
 */
export const giveOwnAddress = async (page: Page) => {
  addresses += 1;
  const address = `127.${(process.pid % 200) + 20}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
  ownAddresses.set(page, address);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
};

/**
 * What the app's own fetches send with an API call made for the page: its origin (the auth library
 * refuses a cookie-bearing POST from elsewhere) and the page's client address.
 */
const apiHeaders = (page: Page, origin: string) => ({
  origin,
  'x-forwarded-for': ownAddresses.get(page) ?? '127.0.0.1',
});

/** A user no other test has used: the database lives as long as the whole run. */
export const newUser = (label = 'user'): TestUser => {
  counter += 1;
  const unique = `${Date.now().toString(36)}-${process.pid}-${counter}`;
  return {
    name: `Test ${label}`,
    email: `${label}-${unique}@example.com`,
    password: 'correct-horse-battery',
  };
};

/** Fills and sends the sign-up form of the page already showing it. */
export const fillSignUp = async (page: Page, user: TestUser) => {
  await giveOwnAddress(page);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Full name' }).fill(user.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
};

/** Fills and sends the sign-in form of the page already showing it. */
export const fillSignIn = async (page: Page, user: Pick<TestUser, 'email' | 'password'>) => {
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/**
 * A new account, signed in, on its empty home page. The account is the test's precondition, not
 * its subject, so it is made through the endpoint the sign-up form calls (the page's own cookie jar
 * keeps the session), as Playwright recommends for logins; the form itself is filled and sent in
 * full by the sign-up specs (`fillSignUp`).
 */
export const signUp = async (page: Page, user: TestUser = newUser()) => {
  await giveOwnAddress(page);
  await page.goto('/signin');
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: user.name, email: user.email, password: user.password },
    headers: apiHeaders(page, origin),
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your subscriptions' })).toBeVisible();
  await expectAccessible(page, 'no workspace yet');
  return user;
};

/** Creates an account through the sign-up form, as a person does, and waits for the home page. */
export const signUpThroughForm = async (page: Page, user: TestUser = newUser()) => {
  await giveOwnAddress(page);
  await page.goto('/signup');
  await fillSignUp(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your subscriptions' })).toBeVisible();
  await expectAccessible(page, 'no workspace yet');
  return user;
};

/** Signs out through the user menu. */
export const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
};

/**
 * Verifies the signed-in user's address the way a person does: the link of the verification mail
 * that sign-up sent, opened from the dev mailbox (verify-email.spec does it with every screen).
 */
export const verifyEmailThroughMailbox = async (page: Page, user: Pick<TestUser, 'email'>) => {
  await openMailLink(page, user.email, 'Verify your email for Billbridge');
  await expect(page.getByText(/has been verified/)).toBeVisible();
};

/**
 * Verifies the signed-in user's address, a precondition of inviting and of paid plans: the
 * verification mail's link, fetched from the dev mailbox over HTTP, applied through the endpoint
 * the link's page calls. `verifyEmailThroughMailbox` and verify-email.spec click it as a person does.
 */
export const verifyEmail = async (page: Page, user: Pick<TestUser, 'email'>) => {
  const link = new URL(await mailLinkOf(page, user.email, 'Verify your email for Billbridge'));
  const token = link.searchParams.get('oobCode') ?? '';
  const response = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
    headers: apiHeaders(page, link.origin),
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(200);
  // The page drops its cached session, as the link's page does once it has applied the code.
  await page.reload();
};

/** Signs up and verifies the address: what a paid plan, a billing change or a second workspace needs (issue 38). */
export const signUpVerified = async (page: Page, user: TestUser = newUser()) => {
  await signUp(page, user);
  await verifyEmail(page, user);
  return user;
};
