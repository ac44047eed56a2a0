import { escapeHtml, unlinkable, type MailLanguage, type MailMessage } from '../../mail/message.ts';

export type ConnectionKind = 'source' | 'destination';

export type ConnectionLostMailInput = {
  to: string;
  kind: ConnectionKind;
  workspaceName: string;
  connectionName: string;
  /** The source's or destination's detail page, where "Connect" is. */
  link: string;
  language: MailLanguage;
};

type Texts = {
  untitledWorkspace: string;
  untitledConnection: string;
  subject: Record<ConnectionKind, (workspace: string) => string>;
  lost: Record<ConnectionKind, (name: string, workspace: string) => string>;
  kept: Record<ConnectionKind, string>;
  button: string;
};

const texts: Record<MailLanguage, Texts> = {
  en: {
    untitledWorkspace: 'Untitled Project',
    untitledConnection: 'Untitled',
    subject: {
      source: (workspace) => `Reconnect Stripe for ${workspace}`,
      destination: (workspace) => `Reconnect HubSpot for ${workspace}`,
    },
    lost: {
      source: (name, workspace) =>
        `Stripe no longer gives Billbridge access to the account of the source "${name}" in "${workspace}": the access was revoked in Stripe.`,
      destination: (name, workspace) =>
        `HubSpot refused Billbridge's access to the portal of the destination "${name}" in "${workspace}": the app was uninstalled or its access revoked.`,
    },
    kept: {
      source:
        'Its settings are kept. Connect it again to resume syncing; what changed in the meantime is imported once it is back.',
      destination:
        'Its mapping rules are kept and new events are held, not lost: they sync as soon as you connect it again.',
    },
    button: 'Connect again',
  },
  zh: {
    untitledWorkspace: '未命名项目',
    untitledConnection: '未命名',
    subject: {
      source: (workspace) => `请为 ${workspace} 重新连接 Stripe`,
      destination: (workspace) => `请为 ${workspace} 重新连接 HubSpot`,
    },
    lost: {
      source: (name, workspace) =>
        `Stripe 已不再允许 Billbridge 访问“${workspace}”中数据源“${name}”的账户：访问权限已在 Stripe 中被撤销。`,
      destination: (name, workspace) =>
        `HubSpot 拒绝了 Billbridge 对“${workspace}”中目标“${name}”所在门户的访问：应用已被卸载或访问权限已被撤销。`,
    },
    kept: {
      source: '其设置已保留。重新连接后即可恢复同步，期间发生的变更会在恢复后导入。',
      destination: '其映射规则已保留，新事件会被保留而不会丢失：重新连接后立即同步。',
    },
    button: '重新连接',
  },
};

/** Tells one owner or admin, in their language, that a connection needs connecting again. */
export const connectionLostMail = (input: ConnectionLostMailInput): MailMessage => {
  const t = texts[input.language];
  const workspace = unlinkable(input.workspaceName) || t.untitledWorkspace;
  const name = unlinkable(input.connectionName) || t.untitledConnection;
  const lost = t.lost[input.kind](name, workspace);
  const kept = t.kept[input.kind];
  return {
    to: input.to,
    subject: t.subject[input.kind](workspace),
    text: [lost, '', kept, '', input.link, ''].join('\n'),
    html: [
      `<p>${escapeHtml(lost)}</p>`,
      `<p>${escapeHtml(kept)}</p>`,
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.button)}</a></p>`,
    ].join('\n'),
  };
};
