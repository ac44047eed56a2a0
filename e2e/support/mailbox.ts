import { expect, type Page } from '@playwright/test';

/**
 * Opens the dev mailbox page (the sandbox keeps every e-mail there) for one address, waits until
 * `count` messages with the subject have arrived, and clicks the link in the newest one — what a
 * newcomer does with a verification or reset e-mail.
 */
export const openMailLink = async (page: Page, to: string, subject: string | RegExp, count = 1) => {
  const articles = page.locator('article').filter({ hasText: subject });
  await expect
    .poll(
      async () => {
        await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
        return articles.count();
      },
      { message: `e-mail "${String(subject)}" #${count} to ${to}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const link = articles.first().getByRole('link').first();
  const href = await link.getAttribute('href');
  await link.click();
  return href ?? '';
};

/** The link of the newest matching e-mail, without opening it (for tests that need it twice). */
export const mailLinkOf = async (page: Page, to: string, subject: string, count = 1): Promise<string> => {
  let href = '';
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
        const matching = messages.filter((message) => message.subject === subject);
        href = /https?:\/\/\S+\/auth\/action\?\S+/.exec(matching[0]?.text ?? '')?.[0] ?? '';
        return matching.length;
      },
      { message: `e-mail "${subject}" #${count} to ${to}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return href;
};
