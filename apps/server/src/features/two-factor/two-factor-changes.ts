import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { sendTwoFactorMail } from './two-factor-mails.ts';
import { recordSecurityEvent } from '../../functions/audit-trail.ts';
import { originOfHeaders } from '../../security/client-ip.ts';

type EndpointContext = {
  context?: { session?: { user?: Record<string, unknown> } | null };
  headers?: Headers;
} | null;

/**
 * better-auth's `user.update.after` hook, mailing the user when two-factor sign-in was turned on
 * (the first code verified) or off. The plugin writes `twoFactorEnabled` from a signed-in call;
 * that call's session still holds the value from before, so a rewrite that changes nothing sends
 * nothing.
 */
export const twoFactorChangeMailer =
  (options: { db: Db; queue: JobQueue; appUrl: string }) =>
  async (updated: { id: string } & Record<string, unknown>, endpoint: EndpointContext): Promise<void> => {
    const before = endpoint?.context?.session?.user;
    const enabled = updated.twoFactorEnabled;
    if (before?.id !== updated.id || typeof enabled !== 'boolean') return;
    if (Boolean(before.twoFactorEnabled) === enabled) return;
    await sendTwoFactorMail(options, updated.id, enabled ? 'on' : 'off');
    const kind = enabled ? 'security.two_factor_enabled' : 'security.two_factor_disabled';
    await recordSecurityEvent(
      options.db,
      { id: updated.id, email: String(updated.email ?? before.email ?? '') },
      kind,
      originOfHeaders(endpoint?.headers),
    );
  };
