import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  canceledSubscriptionMessage,
  requiresTwoFactor,
  satisfies,
  twoFactorRequired,
  type FieldIssue,
  verifyEmailFirst,
  type FunctionContract,
} from '@billbridge/contract';
import type { AppContext } from '../context.ts';
import { loadWorkspaceAccess } from '../functions/workspace-access.ts';
import type { CallContext, Caller, FunctionRegistry } from '../functions/framework.ts';
import type { RequestOrigin } from '../security/client-ip.ts';
import { callerOf } from './session.ts';

const envelopeSchema = z.object({ data: z.unknown() });
const workspaceInputSchema = z.object({ subscriptionId: z.string().min(1) });

const invalidArgument = (issues: z.core.$ZodIssue[]): AppError => {
  const fields: FieldIssue[] = issues.map((issue) => ({
    path: issue.path.join('.') || '(data)',
    message: issue.message,
  }));
  const named = fields.map((field) => `${field.path}: ${field.message}`).join('; ');
  return new AppError('invalid-argument', `Invalid argument: ${named}`, { fields });
};

/**
 * `POST /api/functions/:name` with `{ data }` → `{ result }` (ARCHITECTURE §5). The framework does
 * the checks every function needs, in this order: known name, well-formed body, session, input
 * schema, permissions on `subscriptionId`, not canceled, two-factor where the workspace requires it,
 * a verified e-mail where the contract says. Handlers only see calls that passed.
 */
export const registerFunctionRoute = (
  app: FastifyInstance,
  context: AppContext,
  registry: FunctionRegistry,
) => {
  app.post<{ Params: { name: string } }>('/api/functions/:name', async (request, reply) => {
    const fn = Object.hasOwn(registry, request.params.name) ? registry[request.params.name] : undefined;
    if (!fn) throw new AppError('not-found', `Function ${request.params.name} not found.`);

    const envelope = envelopeSchema.safeParse(request.body);
    if (!envelope.success || envelope.data.data === undefined) {
      throw new AppError('invalid-argument', 'Request body must be a JSON object with a "data" field.');
    }

    const call = await authorize(context, fn.contract, request, envelope.data.data);
    const result = await fn.handler(call.input, call.context);
    return reply.send({ result: fn.contract.output.parse(result) ?? null });
  });
};

const assertEmailVerified = (contract: FunctionContract, caller: Caller | null) => {
  if (contract.verifiedEmail === 'required' && !caller?.emailVerified)
    throw new AppError('failed-precondition', verifyEmailFirst.message, verifyEmailFirst.details);
};

const originOf = (request: Parameters<typeof callerOf>[1]): RequestOrigin => ({
  ip: request.ip || null,
  userAgent: request.headers['user-agent'] ?? null,
});

const authorize = async (
  app: AppContext,
  contract: FunctionContract,
  request: Parameters<typeof callerOf>[1],
  data: unknown,
): Promise<{ input: unknown; context: CallContext }> => {
  const caller = await callerOf(app.auth, request);
  if (!caller && contract.requires !== 'public')
    throw new AppError('unauthenticated', 'Sign in to continue.');

  const parsed = contract.input.safeParse(data);
  if (!parsed.success) throw invalidArgument(parsed.error.issues);
  const context: CallContext = { app, caller, workspace: null, origin: originOf(request) };
  if (typeof contract.requires === 'string' || !caller) {
    assertEmailVerified(contract, caller);
    return { input: parsed.data, context };
  }

  const { subscriptionId } = workspaceInputSchema.parse(parsed.data);
  const workspace = await loadWorkspaceAccess(app.database.db, subscriptionId, caller.userId);
  if (!workspace) throw new AppError('not-found', 'Subscription not found.');
  if (!satisfies(workspace.held, contract.requires)) {
    throw new AppError('permission-denied', 'You do not have permission to do this on this subscription.');
  }
  if (contract.whenCanceled !== 'allowed' && workspace.subscription.status === 'canceled') {
    throw new AppError('failed-precondition', canceledSubscriptionMessage);
  }
  if (
    contract.withoutTwoFactor !== 'allowed' &&
    !caller.twoFactorEnabled &&
    requiresTwoFactor(workspace.subscription.settings)
  )
    throw new AppError('failed-precondition', twoFactorRequired.message, twoFactorRequired.details);
  assertEmailVerified(contract, caller);
  return { input: parsed.data, context: { ...context, workspace } };
};
