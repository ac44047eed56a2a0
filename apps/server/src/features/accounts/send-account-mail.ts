import { eq } from 'drizzle-orm';
import { routes } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { userProfile } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import { mailLanguageOf } from '../../mail/message.ts';
import { accountMail, type AccountMailKind } from './account-mails.ts';
import { requestLanguageOf } from './request-language.ts';

/** `${APP_URL}/auth/action?mode=…&oobCode=…`: the spec's action handler, whatever better-auth's own URL. */
export const actionLink = (appUrl: string, mode: AccountMailKind, oobCode: string): string => {
  const url = new URL(routes.authAction, appUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', oobCode);
  return url.toString();
};

export type AccountMailRequest = {
  kind: AccountMailKind;
  user: { id: string; name: string };
  to: string;
  oobCode: string;
  otherEmail?: string;
  /** The request that caused the e-mail: its language is used when the profile has none saved. */
  request?: Request | null;
};

export type SendAccountMail = (mail: AccountMailRequest) => Promise<void>;

/**
 * Renders an account e-mail in the user's language (saved on the profile, else the request's) and
 * queues it on the `mail.send` job, which sends it over SMTP (or keeps it in the dev mailbox).
 */
export const createAccountMailSender =
  ({ db, queue, appUrl }: { db: Db; queue: JobQueue; appUrl: string }): SendAccountMail =>
  async ({ kind, user, to, oobCode, otherEmail, request }) => {
    const [profile] = await db
      .select({ language: userProfile.language, displayName: userProfile.displayName })
      .from(userProfile)
      .where(eq(userProfile.userId, user.id));
    const language = mailLanguageOf(profile?.language ?? requestLanguageOf(request?.headers));
    const message = accountMail({
      kind,
      to,
      name: profile?.displayName || user.name,
      link: actionLink(appUrl, kind, oobCode),
      language,
      otherEmail,
    });
    await enqueueMail(queue, message);
  };
