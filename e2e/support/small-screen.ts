import { expect, type Page } from '@playwright/test';

/** Nothing sticks out sideways: the page never scrolls horizontally (wide tables scroll inside). */
export const fitsTheWidth = async (page: Page) =>
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(375);

/** Every control the page shows has a name a screen reader can say. */
export const everyControlLabelled = async (page: Page) => {
  for (const role of ['button', 'textbox', 'combobox', 'switch', 'link'] as const) {
    for (const control of await page.getByRole(role).all()) {
      if (await control.isVisible()) await expect(control).toHaveAccessibleName(/\S/);
    }
  }
};

/**
 * Presses Tab (Shift+Tab with `backwards`) until the control named `name` has the focus, as a
 * keyboard user moves on.
 */
export const tabTo = async (
  page: Page,
  role: 'button' | 'combobox' | 'textbox' | 'radio' | 'link' | 'switch',
  name: string,
  { backwards = false } = {},
) => {
  const target = page.getByRole(role, { name, exact: true });
  await expect(async () => {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expect(target).toBeFocused({ timeout: 100 });
  }).toPass({ timeout: 15_000, intervals: [0] });
};
