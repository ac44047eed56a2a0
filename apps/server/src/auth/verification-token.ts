import { decodeJwt, errors, jwtVerify } from 'jose';
import { z } from 'zod';

/**
 * better-auth's e-mail verification links carry a signed JWT (HS256 with SECRET): a plain
 * verification names the address; an e-mail change adds `updateTo` and `requestType`.
 */
const claimsSchema = z.object({
  email: z.string(),
  updateTo: z.string().optional(),
  requestType: z.string().optional(),
  userId: z.string().optional(),
});
export type VerificationClaims = z.infer<typeof claimsSchema>;

export type VerificationTokenCheck =
  { status: 'valid'; claims: VerificationClaims } | { status: 'expired' } | { status: 'invalid' };

export const checkVerificationToken = async (
  token: string,
  secret: string,
): Promise<VerificationTokenCheck> => {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    const claims = claimsSchema.safeParse(payload);
    return claims.success ? { status: 'valid', claims: claims.data } : { status: 'invalid' };
  } catch (error) {
    return error instanceof errors.JWTExpired ? { status: 'expired' } : { status: 'invalid' };
  }
};

/** Reads a token better-auth has just signed (to pick the e-mail to send), without checking it again. */
export const readVerificationToken = (token: string): VerificationClaims | null => {
  try {
    const claims = claimsSchema.safeParse(decodeJwt(token));
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
};

/** The second step of an e-mail change: the link sent to the new address. */
export const isEmailChange = (
  claims: VerificationClaims,
): claims is VerificationClaims & { updateTo: string } =>
  Boolean(claims.updateTo) && claims.requestType === 'change-email-verification';
