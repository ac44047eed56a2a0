import type { z } from 'zod';
import type { FunctionContract } from './define-function.ts';
import { getSubscription, listMySubscriptions } from './subscriptions.ts';

/** Every callable function of the product, by name. */
export const functionContracts = {
  getSubscription,
  listMySubscriptions,
} as const satisfies Record<string, FunctionContract>;

export type FunctionName = keyof typeof functionContracts;
export type FunctionInput<N extends FunctionName> = z.input<(typeof functionContracts)[N]['input']>;
export type FunctionOutput<N extends FunctionName> = z.output<(typeof functionContracts)[N]['output']>;
