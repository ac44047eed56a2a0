import { describe, expect, it } from 'vitest';
import { usageMail } from '../usage/usage-mail.ts';
import { pastDueMail } from './past-due-mail.ts';

describe('the past-due e-mail', () => {
  const input = {
    to: 'owner@example.com',
    workspaceName: 'Acme <sync>',
    link: 'http://localhost:3000/subscription/w1/billing',
  };

  it('tells the owner in English, escaping the workspace name in HTML', () => {
    const mail = pastDueMail({ ...input, language: 'en' });
    expect(mail.subject).toBe('Payment failed for Acme <sync>');
    expect(mail.text).toContain('past due');
    expect(mail.text).toContain(input.link);
    expect(mail.html).toContain('Acme &lt;sync&gt;');
  });

  it('tells the owner in Chinese, naming an untitled workspace', () => {
    const mail = pastDueMail({ ...input, workspaceName: '', language: 'zh' });
    expect(mail.subject).toBe('未命名项目 付款失败');
    expect(mail.text).toContain('订阅已逾期');
  });

  it('quotes a workspace name as text no mail client links, in both e-mails that name it', () => {
    const workspaceName = 'Pay at https://evil.example/pay';
    const usage = { to: 'a@example.com', workspaceName, level: 90, events: 9, threshold: 10, paused: false };
    for (const language of ['en', 'zh'] as const) {
      const mails = [
        pastDueMail({ ...input, workspaceName, language }),
        usageMail({ ...usage, link: input.link, language }),
      ];
      for (const mail of mails) {
        expect(`${mail.subject}${mail.text}${mail.html ?? ''}`).not.toContain('evil.example');
        expect(mail.text.replaceAll('\u200b', '')).toContain(workspaceName);
      }
    }
  });
});
