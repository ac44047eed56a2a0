import { escapeHtml, unlinkable, type MailLanguage, type MailMessage } from '../../mail/message.ts';

export type InviteMailInput = {
  to: string;
  inviterName: string;
  inviterEmail: string;
  /** Empty when the workspace has no name yet. */
  workspaceName: string;
  /** The app's home: the invitee signs in (or up) with the invited address and finds the invite there. */
  link: string;
  language: MailLanguage;
};

type Texts = {
  untitled: string;
  subject: string;
  intro: (inviter: string, workspace: string) => string;
  action: (to: string) => string;
  button: string;
  ignore: string;
};

const texts: Record<MailLanguage, Texts> = {
  en: {
    untitled: 'Untitled Project',
    subject: 'You have been invited to a project on Billbridge',
    intro: (inviter, workspace) => `${inviter} invited you to join "${workspace}" on Billbridge.`,
    action: (to) => `Sign in or create an account with ${to} to accept or decline the invitation:`,
    button: 'Open Billbridge',
    ignore: 'If you did not expect this invitation, you can ignore this e-mail.',
  },
  zh: {
    untitled: '未命名项目',
    subject: '您收到了 Billbridge 上的项目邀请',
    intro: (inviter, workspace) => `${inviter} 邀请您加入 Billbridge 上的“${workspace}”。`,
    action: (to) => `请使用 ${to} 登录或注册，然后接受或拒绝邀请：`,
    button: '打开 Billbridge',
    ignore: '如果您没有预料到此邀请，可以忽略这封邮件。',
  },
};

/**
 * The invitee's e-mail, in the inviter's language (the invitee's own is not known yet). The subject
 * is a fixed text; the names the inviter chose appear in the body only, as plain text that no mail
 * client turns into a link (issue 12, item 3).
 */
export const inviteMail = ({
  to,
  inviterName,
  inviterEmail,
  workspaceName,
  link,
  language,
}: InviteMailInput): MailMessage => {
  const t = texts[language];
  const inviter = unlinkable(inviterName) ? `${unlinkable(inviterName)} (${inviterEmail})` : inviterEmail;
  const workspace = unlinkable(workspaceName) || t.untitled;
  const text = [t.intro(inviter, workspace), '', t.action(to), link, '', t.ignore, ''].join('\n');
  const html = [
    `<p>${escapeHtml(t.intro(inviter, workspace))}</p>`,
    `<p>${escapeHtml(t.action(to))}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p>`,
    `<p style="color:#666">${escapeHtml(t.ignore)}</p>`,
  ].join('\n');
  return { to, subject: t.subject, text, html };
};
