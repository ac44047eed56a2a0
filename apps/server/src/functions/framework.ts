import type { z } from 'zod';
import {
  functionContracts,
  type FunctionContract,
  type FunctionName,
  type FunctionOutput,
} from '@billbridge/contract';
import type { AppContext } from '../context.ts';
import type { RequestOrigin } from '../security/client-ip.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

/** `sessionId` binds flows that span requests (OAuth state) to the session that started them. */
export type Caller = {
  userId: string;
  sessionId: string;
  email: string;
  emailVerified: boolean;
  /** Two-factor sign-in is on for the account (issue 36). */
  twoFactorEnabled: boolean;
};

/** What a handler receives besides its input: the app, the caller and, for workspace functions, access. */
export type CallContext = {
  app: AppContext;
  caller: Caller | null;
  /** Loaded and checked by the framework when the contract requires permissions. */
  workspace: WorkspaceAccess | null;
  origin: RequestOrigin;
};

export type SignedInCallContext = CallContext & { caller: Caller };
export type WorkspaceCallContext = SignedInCallContext & { workspace: WorkspaceAccess };

type ContextFor<C extends FunctionContract> = C['requires'] extends 'public'
  ? CallContext
  : C['requires'] extends 'signed-in'
    ? SignedInCallContext
    : WorkspaceCallContext;

export type CallableFunction = {
  contract: FunctionContract;
  handler: (input: unknown, context: CallContext) => Promise<unknown>;
};

/** Binds a handler to its contract; the types follow from the contract. */
export const implement = <N extends FunctionName>(
  name: N,
  handler: (
    input: z.output<(typeof functionContracts)[N]['input']>,
    context: ContextFor<(typeof functionContracts)[N]>,
  ) => Promise<FunctionOutput<N>>,
): CallableFunction => ({
  contract: functionContracts[name],
  handler: handler as CallableFunction['handler'],
});

export type FunctionRegistry = Record<string, CallableFunction>;
