import { escapeHtml, unlinkable, type MailLanguage, type MailMessage } from '../../mail/message.ts';

/**
 * The four account e-mails. Each carries one link to the app's action handler (`/auth/action`)
 * with the spec's `mode` and `oobCode`; the page then talks to `/api/auth`.
 */
export type AccountMailKind = 'verifyEmail' | 'resetPassword' | 'verifyAndChangeEmail' | 'recoverEmail';

export type AccountMailInput = {
  kind: AccountMailKind;
  to: string;
  name: string;
  link: string;
  language: MailLanguage;
  /** verifyAndChangeEmail: the address being replaced; recoverEmail: the address it was changed to. */
  otherEmail?: string;
};

type Texts = {
  subject: string;
  greeting: (name: string) => string;
  body: (otherEmail: string) => string;
  button: string;
  expiry: string;
  ignore: string;
};

const en: Record<AccountMailKind, Texts> = {
  verifyEmail: {
    subject: 'Verify your email for Billbridge',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: () => 'Open this link to verify your email address:',
    button: 'Verify email',
    expiry: 'The link works for 24 hours.',
    ignore: 'If you did not create a Billbridge account, you can ignore this e-mail.',
  },
  resetPassword: {
    subject: 'Reset your Billbridge password',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: () => 'Open this link to choose a new password for your Billbridge account:',
    button: 'Reset password',
    expiry: 'The link works once, for 1 hour.',
    ignore: 'If you did not ask to reset your password, you can ignore this e-mail.',
  },
  verifyAndChangeEmail: {
    subject: 'Confirm your new email for Billbridge',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: (otherEmail) =>
      `You asked to change the email of your Billbridge account from ${otherEmail} to this address. Open this link to confirm it:`,
    button: 'Confirm new email',
    expiry: 'The link works for 24 hours. Until then you keep signing in with your current email.',
    ignore: 'If you did not ask for this change, you can ignore this e-mail.',
  },
  recoverEmail: {
    subject: 'Your Billbridge sign-in email was changed',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: (otherEmail) =>
      `The sign-in email of your Billbridge account was changed to ${otherEmail}. If you did not make this change, open this link to restore this address:`,
    button: 'Restore my email',
    expiry: 'The link works once, for 3 days. Restoring signs every device out; then reset your password.',
    ignore: 'If you made this change yourself, you can ignore this e-mail.',
  },
};

const zh: Record<AccountMailKind, Texts> = {
  verifyEmail: {
    subject: '验证您的 Billbridge 邮箱',
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    body: () => '请打开以下链接验证您的邮箱地址：',
    button: '验证邮箱',
    expiry: '链接在 24 小时内有效。',
    ignore: '如果您没有注册 Billbridge 账户，请忽略这封邮件。',
  },
  resetPassword: {
    subject: '重置您的 Billbridge 密码',
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    body: () => '请打开以下链接为您的 Billbridge 账户设置新密码：',
    button: '重置密码',
    expiry: '链接只能使用一次，1 小时内有效。',
    ignore: '如果您没有请求重置密码，请忽略这封邮件。',
  },
  verifyAndChangeEmail: {
    subject: '确认您的 Billbridge 新邮箱',
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    body: (otherEmail) => `您请求将 Billbridge 账户的邮箱从 ${otherEmail} 更改为此地址。请打开以下链接确认：`,
    button: '确认新邮箱',
    expiry: '链接在 24 小时内有效。确认之前，您仍使用当前邮箱登录。',
    ignore: '如果您没有请求此更改，请忽略这封邮件。',
  },
  recoverEmail: {
    subject: '您的 Billbridge 登录邮箱已更改',
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    body: (otherEmail) =>
      `您的 Billbridge 账户的登录邮箱已更改为 ${otherEmail}。如果这不是您本人的操作，请打开以下链接恢复此地址：`,
    button: '恢复我的邮箱',
    expiry: '链接只能使用一次，3 天内有效。恢复后所有设备都会退出登录，请随后重置密码。',
    ignore: '如果此更改是您本人所为，请忽略这封邮件。',
  },
};

const textsOf: Record<MailLanguage, Record<AccountMailKind, Texts>> = { en, zh };

/** Renders one account e-mail in its reader's language; names and addresses are escaped in HTML. */
export const accountMail = ({
  kind,
  to,
  name,
  link,
  language,
  otherEmail = '',
}: AccountMailInput): MailMessage => {
  const t = textsOf[language][kind];
  // A name is whatever the account typed: quoted so no mail client turns it into a link from us.
  const greeting = t.greeting(unlinkable(name));
  const body = t.body(otherEmail);
  const text = [greeting, '', body, link, '', t.expiry, t.ignore, ''].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p>`,
    `<p style="color:#666">${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return { to, subject: t.subject, text, html };
};
