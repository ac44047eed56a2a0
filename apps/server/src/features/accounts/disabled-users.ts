import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { session, user } from '../../db/schema.ts';

export const isUserDisabled = async (db: Db, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), isNotNull(user.disabledAt)));
  return Boolean(row);
};

/** Whether the address signs in to a disabled account (better-auth keeps addresses lower-case). */
export const isEmailDisabled = async (db: Db, email: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email.trim().toLowerCase()), isNotNull(user.disabledAt)));
  return Boolean(row);
};

export type AccountSwitch =
  { outcome: 'not-found' } | { outcome: 'unchanged' } | { outcome: 'changed'; sessionsEnded: number };

/**
 * The operator's switch (spec §4 session): disabling ends every session of the account at once —
 * its open tabs sign out at their next request — and the sign-in refuses it from then on
 * (auth.ts). What the account owns stays as it is: its workspaces keep working for their members.
 */
export const setUserDisabled = async (db: Db, email: string, disabled: boolean): Promise<AccountSwitch> =>
  db.transaction(async (tx) => {
    const address = email.trim().toLowerCase();
    const [target] = await tx.select({ id: user.id }).from(user).where(eq(user.email, address));
    if (!target) return { outcome: 'not-found' };
    const changed = await tx
      .update(user)
      .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
      .where(and(eq(user.id, target.id), disabled ? isNull(user.disabledAt) : isNotNull(user.disabledAt)))
      .returning({ id: user.id });
    const ended = disabled
      ? await tx.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id })
      : [];
    if (!changed.length && !ended.length) return { outcome: 'unchanged' };
    return { outcome: 'changed', sessionsEnded: ended.length };
  });
