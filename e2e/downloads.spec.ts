import { expect, type Page, test } from '@playwright/test';
import { signUp } from './support/accounts.ts';
import { createWorkspace } from './support/workspaces.ts';

/** The text of every script the page downloads from now on. */
const recordScripts = (page: Page): string[] => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(await response.text().catch(() => ''));
  });
  return scripts;
};

/** Chinese text of the app shell ("Loading…"), only in the Chinese translations. */
const chineseTranslations = '加载中…';
/** English text of the dashboard's namespace only. */
const dashboardTexts = 'Open the activity log';
/** A class name only zod's runtime carries: the validation library the mapping editor needs. */
const validationLibrary = '$ZodType';
/** A property react-dom sets on every DOM node it renders: present only if React itself runs the app. */
const reactDomRuntime = '__reactFiber$';

test('a visitor downloads react-dom, the translations of their own language and pages only, and no validation library before a form needs it', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((text) => text.includes(chineseTranslations)).length).toBe(0);
  expect(scripts.filter((text) => text.includes(validationLibrary)).length).toBe(0);
  expect(scripts.filter((text) => text.includes(dashboardTexts)).length).toBe(0);
  // The app runs on React 19 itself (decision 050), not on a stand-in of its API.
  expect(scripts.filter((text) => text.includes(reactDomRuntime)).length).toBeGreaterThan(0);

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' });
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await expect.poll(() => scripts.some((text) => text.includes(chineseTranslations))).toBe(true);

  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' });
  await signUp(page);
  await createWorkspace(page, 'Light Shop');
  scripts.length = 0;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => scripts.some((text) => text.includes(dashboardTexts))).toBe(true);
  expect(scripts.filter((text) => text.includes(validationLibrary)).length).toBe(0);
});

/** The chunks an HTML answer names for the browser to fetch beside the entry. */
const preloadedBy = async (answer: { text: () => Promise<string> }) =>
  [...(await answer.text()).matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g)].map(
    (match) => match[1] ?? '',
  );

test('the HTML of a page names its own chunks, with the translations of the visitor’s language, so a phone fetches them beside the entry', async ({
  request,
}) => {
  const english = await preloadedBy(
    await request.get('/signin', { headers: { 'accept-language': 'en-US,en' } }),
  );
  expect(english.some((file) => /^sign-in-page-[\w-]+\.js$/.test(file))).toBe(true);
  expect(english.some((file) => /^dashboard-page-/.test(file))).toBe(false);
  expect(english.filter((file) => /^common-/.test(file))).toHaveLength(1);
  // A Chinese reader's: the Chinese texts, and the English ones the app falls back to.
  const chinese = await preloadedBy(
    await request.get('/signin', { headers: { 'accept-language': 'zh-CN,zh' } }),
  );
  expect(chinese.filter((file) => /^common-/.test(file))).toHaveLength(2);
  const dashboard = await preloadedBy(
    await request.get('/subscription/7c9e6679-7425-40de-944b-e07fc1f90ae7', {
      headers: { 'accept-language': 'en' },
    }),
  );
  expect(dashboard.some((file) => /^dashboard-page-[\w-]+\.js$/.test(file))).toBe(true);
  expect(dashboard.some((file) => /^subscription-layout-[\w-]+\.js$/.test(file))).toBe(true);
});
