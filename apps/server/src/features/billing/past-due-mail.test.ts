import { describe, expect, it } from 'vitest';
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
});
