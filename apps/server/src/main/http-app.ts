import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { buildHttpApp, type HttpOptions } from '../http/app.ts';
import { functionRegistry } from './function-registry.ts';

export type ServerHttpOptions = Partial<HttpOptions>;

/** The server's HTTP face with every callable function of the product; a test may hand its own. */
export const buildServerHttpApp = (
  context: AppContext,
  options: ServerHttpOptions = {},
): Promise<FastifyInstance> => buildHttpApp(context, { functions: functionRegistry, ...options });
