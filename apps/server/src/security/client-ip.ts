/** The header the auth route sets to the address Fastify resolved (honouring its proxy settings). */
export const clientIpHeader = 'x-billbridge-client-ip';

/** Where a request came from, as the audit log records it (issue 36 §2). */
export type RequestOrigin = { ip: string | null; userAgent: string | null };

/** The origin of a request better-auth handles: the address the auth route passed on, and the user agent. */
export const originOfHeaders = (headers: Headers | undefined): RequestOrigin => ({
  ip: headers?.get(clientIpHeader) ?? null,
  userAgent: headers?.get('user-agent') ?? null,
});
