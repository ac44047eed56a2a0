import { eq } from 'drizzle-orm';
import { routes } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { subscription } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import { mailLanguageOf } from '../../mail/message.ts';
import { workspaceAdminsOf } from '../members/workspace-admins.ts';
import { connectionLostMail, type ConnectionKind } from './connection-lost-mail.ts';

export type LostConnection = { subscriptionId: string; kind: ConnectionKind; id: string; name: string };

const detailPathOf = ({ subscriptionId, kind, id }: LostConnection): string =>
  (kind === 'source' ? routes.sourceDetails : routes.destinationDetails)
    .replace(':id', encodeURIComponent(subscriptionId))
    .replace(kind === 'source' ? ':sourceId' : ':destinationId', encodeURIComponent(id));

/**
 * One e-mail to the owner and each admin, in their language, that a source or destination needs
 * connecting again. Called once per loss: by whoever flipped `connection_lost_at` from null.
 */
export const noticeConnectionLost = async (
  context: AppContext,
  db: Pick<Db, 'select'>,
  lost: LostConnection,
): Promise<void> => {
  const [workspace] = await db.select().from(subscription).where(eq(subscription.id, lost.subscriptionId));
  if (!workspace) return;
  const link = `${context.config.appUrl}${detailPathOf(lost)}`;
  for (const recipient of await workspaceAdminsOf(db, workspace)) {
    const message = connectionLostMail({
      to: recipient.email,
      kind: lost.kind,
      workspaceName: typeof workspace.settings.name === 'string' ? workspace.settings.name : '',
      connectionName: lost.name,
      link,
      language: mailLanguageOf(recipient.language),
    });
    await enqueueMail(context.queue, message);
  }
};
