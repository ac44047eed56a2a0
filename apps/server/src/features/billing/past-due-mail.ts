import { eq } from 'drizzle-orm';
import { routes } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { user, userProfile, type SubscriptionRow } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import {
  escapeHtml,
  mailLanguageOf,
  unlinkable,
  type MailLanguage,
  type MailMessage,
} from '../../mail/message.ts';

const texts: Record<
  MailLanguage,
  {
    untitled: string;
    subject: (workspace: string) => string;
    body: (workspace: string) => string;
    button: string;
  }
> = {
  en: {
    untitled: 'Untitled Project',
    subject: (workspace) => `Payment failed for ${workspace}`,
    body: (workspace) =>
      `We could not charge the card of "${workspace}" for its renewal, so the subscription is past due. Stripe retries the payment over the next days; update the payment method to keep syncing.`,
    button: 'Update the payment method',
  },
  zh: {
    untitled: '未命名项目',
    subject: (workspace) => `${workspace} 付款失败`,
    body: (workspace) =>
      `“${workspace}”续费时扣款失败，订阅已逾期。Stripe 会在接下来几天重试付款；请更新付款方式以继续同步。`,
    button: '更新付款方式',
  },
};

/** The renewal failed: the owner hears it in their language, with a link to the billing page. */
export const pastDueMail = (input: {
  to: string;
  workspaceName: string;
  link: string;
  language: MailLanguage;
}): MailMessage => {
  const t = texts[input.language];
  // Any admin may rename the workspace: its name is quoted so no mail client links it.
  const workspace = unlinkable(input.workspaceName) || t.untitled;
  const body = t.body(workspace);
  return {
    to: input.to,
    subject: t.subject(workspace),
    text: [body, '', input.link, ''].join('\n'),
    html: `<p>${escapeHtml(body)}</p>\n<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.button)}</a></p>`,
  };
};

/** Queues the past-due e-mail to the workspace's owner in the caller's transaction. */
export const sendPastDueMail = async (
  context: AppContext,
  tx: Transaction,
  workspace: SubscriptionRow,
): Promise<void> => {
  const [owner] = await tx
    .select({ email: user.email, language: userProfile.language })
    .from(user)
    .leftJoin(userProfile, eq(userProfile.userId, user.id))
    .where(eq(user.id, workspace.ownerId));
  if (!owner) return;
  const message = pastDueMail({
    to: owner.email,
    workspaceName: typeof workspace.settings.name === 'string' ? workspace.settings.name : '',
    link: `${context.config.appUrl}${routes.billing.replace(':id', encodeURIComponent(workspace.id))}`,
    language: mailLanguageOf(owner.language),
  });
  await enqueueMail(context.queue, message, { tx });
};
