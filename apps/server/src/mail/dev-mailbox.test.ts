import { describe, expect, it } from 'vitest';
import { devMailboxEnabled } from './dev-mailbox.ts';
import { escapeHtml, mailLanguageOf, oneLine } from './message.ts';

describe('the dev mailbox listing', () => {
  it('is open only in the sandbox', () => {
    expect(devMailboxEnabled({ sandbox: true })).toBe(true);
    expect(devMailboxEnabled({ sandbox: false })).toBe(false);
  });
});

describe('mail helpers', () => {
  it('pick Chinese templates for any Chinese profile language and English otherwise', () => {
    expect(['zh', 'zh-CN', 'ZH-tw', 'en', 'fr', null, undefined].map(mailLanguageOf)).toEqual([
      'zh',
      'zh',
      'zh',
      'en',
      'en',
      'en',
      'en',
    ]);
  });

  it('escape user input for HTML and keep headers on one line', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;',
    );
    expect(oneLine(' Evil\r\nBcc: victim@example.com ')).toBe('Evil Bcc: victim@example.com');
  });
});
