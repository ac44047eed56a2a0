import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { twoFactorMessages } from './server-messages.ts';
import { requireTwoFactorSetting } from './two-factor-policy.ts';
import { subscriptionIdSchema, subscriptionSettingsSchema } from './subscriptions.ts';

/** The owner turns the requirement on or off; turning it on needs the owner's own two-factor. */
export const updateTwoFactorRequirement = defineFunction({
  name: 'updateTwoFactorRequirement',
  input: z.object({ subscriptionId: subscriptionIdSchema, [requireTwoFactorSetting]: z.boolean() }),
  output: z.object({ settings: subscriptionSettingsSchema }),
  requires: { allOf: ['owner'] },
  // The owner may turn the requirement off after turning their own two-factor off.
  withoutTwoFactor: 'allowed',
});

/** The refusal of a workspace function to a member without two-factor where the workspace requires it. */
export const twoFactorRequired = {
  message: twoFactorMessages.twoFactorRequired,
  details: { messageKey: 'twoFactorRequired' },
} as const;

/** The refusal to turn the requirement on while the owner has no two-factor sign-in. */
export const ownerTwoFactorFirst = {
  message: twoFactorMessages.ownerTwoFactorFirst,
  details: { messageKey: 'ownerTwoFactorFirst' },
} as const;

/** Recovery codes as the plugin issues them: ten, shown once. */
export const recoveryCodeCount = 10;
