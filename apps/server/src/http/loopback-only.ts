import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export const isLoopbackAddress = (address: string): boolean => {
  const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(ip) === 4) return ip.startsWith('127.');
  return ip === '::1';
};

/**
 * The sandbox's pages (the dev mailbox, where the stand-ins are) answer only to this machine:
 * they hand out every e-mail without a sign-in. `request.ip` is the peer as Fastify resolves it
 * with TRUST_PROXY, so a proxy on loopback forwarding a remote client is refused, and a remote
 * client cannot claim loopback in X-Forwarded-For. Others get the 404 of a route that is not there.
 */
export const loopbackOnly = async (request: FastifyRequest, reply: FastifyReply) => {
  if (isLoopbackAddress(request.ip)) return;
  reply.callNotFound();
  return reply;
};
