import { generateRandomString } from 'better-auth/crypto';
import { z } from 'zod';
import type { GenericEndpointContext } from 'better-auth';
import { sealActionCode } from './action-code.ts';

/** How long the old address can undo an e-mail change. */
export const recoveryLifetimeMs = 3 * 24 * 60 * 60 * 1000;

const identifierOf = (token: string) => `recover-email:${token}`;

const recoverySchema = z.object({ userId: z.string(), email: z.string(), newEmail: z.string() });
export type Recovery = z.infer<typeof recoverySchema>;

/** Stores a single-use recovery of `email` for the user and returns the sealed `oobCode` of its link. */
export const createRecoveryCode = async (
  ctx: GenericEndpointContext,
  recovery: Recovery,
): Promise<string> => {
  const token = generateRandomString(32, 'a-z', '0-9');
  const expiresAt = new Date(Date.now() + recoveryLifetimeMs);
  await ctx.context.internalAdapter.createVerificationValue({
    identifier: identifierOf(token),
    value: JSON.stringify(recovery),
    expiresAt,
  });
  return sealActionCode(ctx.context.secret, 'recoverEmail', token, expiresAt);
};

const parse = (value: string | undefined): Recovery | null => {
  try {
    const parsed = recoverySchema.safeParse(JSON.parse(value ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export const findRecovery = async (ctx: GenericEndpointContext, token: string): Promise<Recovery | null> =>
  parse((await ctx.context.internalAdapter.findVerificationValue(identifierOf(token)))?.value);

/** Takes the recovery out of the table: only the first caller gets it. */
export const consumeRecovery = async (ctx: GenericEndpointContext, token: string): Promise<Recovery | null> =>
  parse((await ctx.context.internalAdapter.consumeVerificationValue(identifierOf(token)))?.value);
