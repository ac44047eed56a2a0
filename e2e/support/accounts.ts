import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { openMailLink } from './mailbox.ts';

export type TestUser = { name: string; email: string; password: string };

let counter = 0;
let addresses = 0;

/**
 * Gives the page a client address of its own (X-Forwarded-For, trusted from loopback like a proxy
 * in front of the app), so the server's per-address rate limits count each test separately.
 * Loopback addresses only: nothing is ever sent to them, they are labels.
 */
export const giveOwnAddress = async (page: Page) => {
  addresses += 1;
  const address = `127.${(process.pid % 200) + 20}.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
};

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

/** Creates an account through the UI and waits for the signed-in home page. */
export const signUp = async (page: Page, user: TestUser = newUser()) => {
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
 * that sign-up sent, opened from the dev mailbox. Inviting, and seeing invites, need it.
 */
export const verifyEmail = async (page: Page, user: Pick<TestUser, 'email'>) => {
  await openMailLink(page, user.email, 'Verify your email for Billbridge');
  await expect(page.getByText(/has been verified/)).toBeVisible();
};

/** Signs up and verifies the address: what a paid plan, a billing change or a second workspace needs (issue 38). */
export const signUpVerified = async (page: Page, user: TestUser = newUser()) => {
  await signUp(page, user);
  await verifyEmail(page, user);
  return user;
};
