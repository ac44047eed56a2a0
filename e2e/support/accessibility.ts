import { mkdirSync, openSync, closeSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { routeDefinitions } from '@billbridge/contract';

/**
 * Issue 31 §4: every screen the browser suite visits has no axe violation of impact `serious` or
 * `critical`, in English and in Chinese, at desktop width and at 375 px. The specs call
 * `expectAccessible` where they stand on a screen; each screen (its route template and the state the
 * caller names) is checked once per run, so the suite pays for a screen once, not once per test.
 */

const smallWidth = 375;
/** The most one screen's check (four axe runs, two language switches) may take. */
const checkAllowance = 180_000;
const blocking = new Set(['serious', 'critical']);

/**
 * The screen's name: the app's route template for its path (`/subscription/:id/sources/:sourceId`),
 * or for a page outside the app (the sandbox's consent pages) its path with the ids taken out.
 */
const screenOf = (url: string): string => {
  const { pathname } = new URL(url);
  const segments = pathname.split('/').filter(Boolean);
  const matching = routeDefinitions
    .map((definition) => definition.path.split('/').filter(Boolean))
    .filter(
      (template) =>
        template.length === segments.length &&
        template.every((part, index) => part.startsWith(':') || part === segments[index]),
    )
    // `/sources/new` before `/sources/:sourceId`: the template with the fewest parameters wins.
    .sort(
      (a, b) => a.filter((part) => part.startsWith(':')).length - b.filter((p) => p.startsWith(':')).length,
    );
  const template = matching[0];
  if (template) return `/${template.join('/')}`;
  return `/${segments.map((part) => (/\d/.test(part) && part.length > 6 ? ':id' : part)).join('/')}`;
};

/** The screen's name; a page outside the app adds its title (Stripe's and HubSpot's consent share a path). */
const screenName = async (page: Page): Promise<string> => {
  const name = screenOf(page.url());
  if (routeDefinitions.some((definition) => definition.path === name)) return name;
  return `${name} "${(await page.title()).replace(/\d{3,}/g, 'N')}"`;
};

const runningTest = () => {
  try {
    return test.info();
  } catch {
    return undefined;
  }
};

/**
 * Claims a screen for this run, across the run's workers: a marker file in the project's output
 * folder, which Playwright empties when a run starts. Returns false when another test claimed it.
 */
const claim = (screen: string): { claimed: boolean; release: () => void } => {
  const running = runningTest();
  // Outside a test (`bench:lighthouse` drives the same flows) nothing is checked.
  if (!running) return { claimed: false, release: () => undefined };
  const folder = path.join(running.project.outputDir, '.accessibility-checked');
  mkdirSync(folder, { recursive: true });
  const marker = path.join(folder, createHash('sha1').update(screen).digest('hex'));
  try {
    closeSync(openSync(marker, 'wx'));
  } catch {
    return { claimed: false, release: () => undefined };
  }
  // A failed check gives the screen back, so a retry checks it again.
  return { claimed: true, release: () => rmSync(marker, { force: true }) };
};

/** The app's language selector (a native select offering English and 中文), on every app layout. */
const languageSelector = (page: Page) => page.locator('select:has(option[value="zh"])');

const htmlLang = async (page: Page) => (await page.locator('html').getAttribute('lang')) ?? '';

/** Switches the language with the selector, as a person does, and waits for the page to follow. */
const chooseLanguage = async (page: Page, language: 'en' | 'zh') => {
  await languageSelector(page).first().selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'zh' ? 'zh-CN' : 'en');
};

/**
 * Axe for the page. Its default run checks each frame apart and joins the parts in a blank page it
 * opens for the purpose (a new page and a second copy of axe, per run: four per screen); that is
 * for frames of other origins (the sandbox's card fields). A page without frames is checked in
 * place, with the same rules.
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);

type Violation = { variant: string; rule: string; impact: string; help: string; elements: string[] };

const violationsOf = async (page: Page, variant: string): Promise<Violation[]> => {
  // Measured with the fonts in: a fallback face would measure other contrast and overflow.
  await page.evaluate('document.fonts.ready.then(() => undefined)');
  // Only violations come back: serialising every passing node cost most of a run's time.
  const results = await axeOn(page)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => blocking.has(violation.impact ?? ''))
    .map((violation) => ({
      variant,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      elements: violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`),
    }));
};

const describe = (screen: string, violations: Violation[]) =>
  [
    `${violations.length} serious or critical accessibility violation(s) on ${screen}:`,
    ...violations.map(
      (v) => `- [${v.variant}] ${v.rule} (${v.impact}): ${v.help}\n    ${v.elements.join('\n    ')}`,
    ),
  ].join('\n');

/**
 * Axe waits on its own timers. On a page whose clock the test has paused (a page that would move on
 * by itself while it is checked), the page's real timers stand in for the paused ones while axe runs:
 * Playwright's clock keeps them as `__pwClock.builtins`. Timers the page set before stay paused.
 */
const withRealTimers = async <T>(page: Page, work: () => Promise<T>): Promise<T> => {
  const swap = (toReal: boolean) =>
    page.evaluate((real) => {
      type Timers = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;
      const scope = globalThis as unknown as Timers & {
        __pwClock?: { builtins: Timers };
        __pausedTimers?: Timers;
      };
      if (!scope.__pwClock) throw new Error('The page has no Playwright clock installed.');
      if (real) {
        scope.__pausedTimers = { setTimeout: scope.setTimeout, clearTimeout: scope.clearTimeout };
        Object.assign(scope, scope.__pwClock.builtins);
      } else if (scope.__pausedTimers) {
        Object.assign(scope, scope.__pausedTimers);
      }
    }, toReal);
  await swap(true);
  try {
    return await work();
  } finally {
    await swap(false);
  }
};

/** Checks both widths in the language on screen. */
const checkWidths = async (
  page: Page,
  desktopWidth: number,
  height: number,
  language: string,
  clockPaused: boolean,
) => {
  const found: Violation[] = [];
  for (const width of [desktopWidth, smallWidth]) {
    await page.setViewportSize({ width, height });
    const variant = `${language} ${width}px`;
    found.push(
      ...(clockPaused
        ? await withRealTimers(page, () => violationsOf(page, variant))
        : await violationsOf(page, variant)),
    );
  }
  await page.setViewportSize({ width: desktopWidth, height });
  return found;
};

/** Checks both widths in the language on screen, then in the other one when the page offers it. */
const checkBothLanguages = async (
  page: Page,
  viewport: { width: number; height: number },
  clockPaused: boolean,
) => {
  const original = await htmlLang(page);
  const found = await checkWidths(page, viewport.width, viewport.height, original, clockPaused);
  // Pages outside the app (the sandbox's stand-ins for Stripe and HubSpot) speak English only.
  if ((await languageSelector(page).count()) > 0) {
    const other = original.startsWith('zh') ? 'en' : 'zh';
    await chooseLanguage(page, other);
    found.push(...(await checkWidths(page, viewport.width, viewport.height, other, clockPaused)));
    await chooseLanguage(page, other === 'zh' ? 'en' : 'zh');
  }
  return found;
};

/**
 * Fails, naming the screen, each rule, its impact and the elements, when the screen on display has a
 * serious or critical violation in English or Chinese, at desktop width or 375 px. `state` tells
 * apart screens of one route that look different (an open editor, an empty list). The page is left
 * in the language and at the size it had.
 */
export const expectAccessible = async (page: Page, state = '', { clockPaused = false } = {}) => {
  const screen = `${await screenName(page)}${state ? ` (${state})` : ''}`;
  const { claimed, release } = claim(screen);
  if (!claimed) return;
  // A screen is checked once it has drawn: no section still loading.
  await expect(page.getByRole('status', { name: /^(Loading|加载中)/ })).toHaveCount(0);
  const started = Date.now();
  // The check is the suite's, not the flow's: its time does not count against the test's budget.
  // The budget grows before the check (a check on a loaded machine can outlast what is left of it)
  // and is set to the time the check took once it is done.
  const budget = test.info().timeout;
  test.setTimeout(budget + checkAllowance);
  await test.step(`accessibility of ${screen}`, async () => {
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    const found = await checkBothLanguages(page, viewport, clockPaused);
    await page.setViewportSize(viewport);
    test.setTimeout(budget + (Date.now() - started));
    if (process.env.A11Y_TIMING) console.log(`accessibility of ${screen}: ${Date.now() - started} ms`);
    if (found.length === 0) return;
    release();
    throw new Error(describe(screen, found));
  });
};
