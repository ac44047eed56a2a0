import { describe, expect, it } from 'vitest';
import { accountMail } from './account-mails.ts';
import { actionLink } from './send-account-mail.ts';

describe('account e-mails', () => {
  const link = actionLink('https://app.example.com', 'resetPassword', 'tok.123.mac');

  it('link to the action handler with mode and oobCode', () => {
    expect(link).toBe('https://app.example.com/auth/action?mode=resetPassword&oobCode=tok.123.mac');
  });

  it('greet by name and carry the link in text and HTML', () => {
    const mail = accountMail({
      kind: 'resetPassword',
      to: 'a@example.com',
      name: 'Ann',
      link,
      language: 'en',
    });
    expect(mail.subject).toBe('Reset your Billbridge password');
    expect(mail.text).toContain('Hello Ann,');
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
  });

  it('speak Chinese to a Chinese reader', () => {
    const mail = accountMail({
      kind: 'recoverEmail',
      to: 'a@example.com',
      name: '',
      link,
      language: 'zh',
      otherEmail: 'b@example.com',
    });
    expect(mail.subject).toBe('您的 Billbridge 登录邮箱已更改');
    expect(mail.text).toContain('您好：');
    expect(mail.text).toContain('b@example.com');
  });

  it('escape a name in HTML and keep it on one line in text', () => {
    const mail = accountMail({
      kind: 'verifyEmail',
      to: 'a@example.com',
      name: '<img src=x>\nEvil',
      link,
      language: 'en',
    });
    expect(mail.html).toContain('&lt;img src=x&gt; Evil');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('Hello <img src=x> Evil,');
  });

  it('quote a name as text no mail client links, in every kind and language', () => {
    const name = 'Account locked: log in at https://evil.example/login';
    for (const kind of ['verifyEmail', 'resetPassword', 'verifyAndChangeEmail', 'recoverEmail'] as const) {
      for (const language of ['en', 'zh'] as const) {
        const mail = accountMail({
          kind,
          to: 'a@example.com',
          name,
          link,
          language,
          otherEmail: 'b@example.com',
        });
        expect(mail.text).not.toContain('evil.example');
        expect(mail.html).not.toContain('evil.example');
        // Read as plain text it is unchanged: only zero-width spaces break the would-be link.
        expect(mail.text.replaceAll('\u200b', '')).toContain(name);
      }
    }
  });
});
