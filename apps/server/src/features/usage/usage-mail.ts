import { escapeHtml, unlinkable, type MailLanguage, type MailMessage } from '../../mail/message.ts';

export type UsageMailInput = {
  to: string;
  workspaceName: string;
  /** 50, 90 or 100 (% of the threshold). */
  level: number;
  events: number;
  threshold: number;
  /** At 100 % of a plan that pauses instead of billing overage. */
  paused: boolean;
  /** Where the button leads: the plan change for the owner, the dashboard for an admin. */
  link: string;
  /** For an admin, who is not the owner: the owner to ask for an upgrade. */
  askOwner?: { name: string };
  language: MailLanguage;
};

type Texts = {
  untitled: string;
  subject: (workspace: string, level: number) => string;
  used: (workspace: string, events: string, threshold: string, level: number) => string;
  paused: string;
  goingOn: string;
  button: string;
  askOwner: (name: string) => string;
  dashboardButton: string;
};

const texts: Record<MailLanguage, Texts> = {
  en: {
    untitled: 'Untitled Project',
    subject: (workspace, level) => `${workspace} has used ${level}% of its sync events`,
    used: (workspace, events, threshold, level) =>
      `"${workspace}" has synced ${events} of ${threshold} events this billing period (${level}%).`,
    paused:
      'Syncing is paused: new events are held, not lost, and sync as soon as you upgrade the plan or the next period starts.',
    goingOn: 'Syncing goes on. Upgrade the plan if you expect more events this period.',
    button: 'Review the plan',
    askOwner: (name) =>
      `Only the owner${name ? `, ${name},` : ''} can upgrade the plan: ask them if more events are coming.`,
    dashboardButton: 'Open the dashboard',
  },
  zh: {
    untitled: '未命名项目',
    subject: (workspace, level) => `${workspace} 已使用 ${level}% 的同步事件`,
    used: (workspace, events, threshold, level) =>
      `“${workspace}”本计费周期已同步 ${events} / ${threshold} 个事件（${level}%）。`,
    paused: '同步已暂停：新事件会被保留而不会丢失，升级套餐或下个周期开始后立即同步。',
    goingOn: '同步仍在继续。如果本周期预计会有更多事件，请升级套餐。',
    button: '查看套餐',
    askOwner: (name) =>
      `只有所有者${name ? `（${name}）` : ''}可以升级套餐：如果还会有更多事件，请联系所有者。`,
    dashboardButton: '打开仪表板',
  },
};

const grouped = (value: number, language: MailLanguage) =>
  value.toLocaleString(language === 'zh' ? 'zh-CN' : 'en-US');

/** A usage notice to one owner or admin, in their language. */
export const usageMail = (input: UsageMailInput): MailMessage => {
  const t = texts[input.language];
  // Any admin may rename the workspace: its name is quoted so no mail client links it.
  const workspace = unlinkable(input.workspaceName) || t.untitled;
  const used = t.used(
    workspace,
    grouped(input.events, input.language),
    grouped(input.threshold, input.language),
    input.level,
  );
  const next = input.paused ? t.paused : t.goingOn;
  const ask = input.askOwner ? t.askOwner(unlinkable(input.askOwner.name)) : undefined;
  const paragraphs = ask ? [used, next, ask] : [used, next];
  const button = input.askOwner ? t.dashboardButton : t.button;
  return {
    to: input.to,
    subject: t.subject(workspace, input.level),
    text: [...paragraphs.flatMap((paragraph) => [paragraph, '']), input.link, ''].join('\n'),
    html: [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(button)}</a></p>`,
    ].join('\n'),
  };
};
