import { routes } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { loadUserSummary } from '../accounts/display-name.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import {
  escapeHtml,
  mailLanguageOf,
  unlinkable,
  type MailLanguage,
  type MailMessage,
} from '../../mail/message.ts';

/**
 * The notices of issue 36: two-factor sign-in turned on or off, sent to the account's address so
 * a change the owner did not make does not go unseen. `reset`: the operator turned it off.
 */
export type TwoFactorChange = 'on' | 'off' | 'reset';

type Texts = {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  button: string;
  warn: string;
};

const en: Record<TwoFactorChange, Texts> = {
  on: {
    subject: 'Two-factor sign-in is on for your Billbridge account',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'From now on, signing in to Billbridge asks for a code from your authenticator app after your password. Keep your recovery codes somewhere safe.',
    button: 'Open your profile',
    warn: 'If you did not turn it on, change your password and check your profile.',
  },
  off: {
    subject: 'Two-factor sign-in is off for your Billbridge account',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'Signing in to Billbridge now asks for your password only. Your recovery codes no longer work.',
    button: 'Open your profile',
    warn: 'If you did not turn it off, change your password and turn two-factor sign-in on again.',
  },
  reset: {
    subject: 'Two-factor sign-in was reset for your Billbridge account',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'The administrator of this Billbridge turned two-factor sign-in off for your account, as asked when a device and its recovery codes are lost. Signing in now asks for your password only.',
    button: 'Turn it on again',
    warn: 'If you did not ask for this, change your password and tell the administrator.',
  },
};

const zh: Record<TwoFactorChange, Texts> = {
  on: {
    subject: '您的 Billbridge 账户已开启两步验证',
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    body: '从现在起，登录 Billbridge 时在输入密码后还需输入身份验证器应用中的验证码。请妥善保管您的恢复码。',
    button: '打开个人资料',
    warn: '如果这不是您本人开启的，请修改密码并检查您的个人资料。',
  },
  off: {
    subject: '您的 Billbridge 账户已关闭两步验证',
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    body: '现在登录 Billbridge 只需输入密码。您的恢复码已失效。',
    button: '打开个人资料',
    warn: '如果这不是您本人关闭的，请修改密码并重新开启两步验证。',
  },
  reset: {
    subject: '您的 Billbridge 账户的两步验证已被重置',
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    body: '由于设备和恢复码丢失，此 Billbridge 的管理员已为您的账户关闭两步验证。现在登录只需输入密码。',
    button: '重新开启',
    warn: '如果这不是您请求的，请修改密码并告知管理员。',
  },
};

const textsOf: Record<MailLanguage, Record<TwoFactorChange, Texts>> = { en, zh };

export const twoFactorMail = (input: {
  change: TwoFactorChange;
  to: string;
  name: string;
  link: string;
  language: MailLanguage;
}): MailMessage => {
  const t = textsOf[input.language][input.change];
  const greeting = t.greeting(unlinkable(input.name));
  const text = [greeting, '', t.body, '', `${t.button}: ${input.link}`, '', t.warn, ''].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(t.body)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.button)}</a></p>`,
    `<p style="color:#666">${escapeHtml(t.warn)}</p>`,
  ].join('\n');
  return { to: input.to, subject: t.subject, text, html };
};

/** Queues the notice in the user's saved language (English when none is saved). */
export const sendTwoFactorMail = async (
  { db, queue, appUrl }: { db: Db; queue: JobQueue; appUrl: string },
  userId: string,
  change: TwoFactorChange,
): Promise<void> => {
  const row = await loadUserSummary(db, userId);
  if (!row) return;
  const message = twoFactorMail({
    change,
    to: row.email,
    name: row.displayName,
    link: new URL(routes.profile, appUrl).toString(),
    language: mailLanguageOf(row.language),
  });
  await enqueueMail(queue, message);
};
