import type { BetterAuthPlugin } from 'better-auth';
import type { SocialProviderId } from '@billbridge/contract';
import type { PasswordPolicyConfig } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { SendAccountMail } from '../features/accounts/send-account-mail.ts';
import { checkActionCodeEndpoint } from './endpoints/check-action-code.ts';
import { recoverEmailEndpoint } from './endpoints/recover-email.ts';
import { socialProvidersEndpoint } from './endpoints/social-providers.ts';
import { updatePasswordEndpoint } from './endpoints/update-password.ts';
import {
  emailChangeRecoveryHook,
  resetPasswordCodeHook,
  usedVerificationHook,
} from './hooks/action-codes.ts';
import { disabledSignInHook } from './hooks/disabled-sign-in.ts';
import { hideSessionTokensHook } from './hooks/hide-session-tokens.ts';
import { passwordPolicyHook } from './hooks/password-policy.ts';
import { profileFieldsHook } from './hooks/profile-fields.ts';
import { sensitiveOperationsHook } from './hooks/sensitive-operations.ts';
import { sessionRotationHook } from './hooks/session-rotation.ts';
import { signInFailureHooks } from './hooks/sign-in-failures.ts';
import { securityEventsHook, signOutEventHook } from './hooks/security-events.ts';

export type AccountsPluginOptions = {
  passwordPolicy: PasswordPolicyConfig;
  socialProviders: SocialProviderId[];
  sendMail: SendAccountMail;
  /** The per-address sign-in failure counter; off where tests turn the rate limits off. */
  signInFailures?: { db: Db; secret: string };
  /** Where disabled accounts are looked up before a password is checked. */
  db: Db;
};

/**
 * What the spec's identity provider does that better-auth does not out of the box: action codes
 * (check, recover e-mail), password update on a recent sign-in, the password policy, session
 * rotation, the per-address sign-in failure limit, used-link detection, the recovery e-mail after an e-mail change, and session tokens
 * kept out of every answer body.
 */
export const accountsPlugin = ({
  passwordPolicy,
  socialProviders,
  sendMail,
  signInFailures,
  db,
}: AccountsPluginOptions) => {
  const failures = signInFailures ? signInFailureHooks(signInFailures) : undefined;
  return {
    id: 'billbridge-accounts',
    endpoints: {
      checkActionCode: checkActionCodeEndpoint,
      recoverEmail: recoverEmailEndpoint,
      updatePassword: updatePasswordEndpoint,
      socialProviders: socialProvidersEndpoint(socialProviders),
    },
    hooks: {
      before: [
        disabledSignInHook(db),
        ...(failures ? [failures.before] : []),
        resetPasswordCodeHook,
        passwordPolicyHook(passwordPolicy),
        profileFieldsHook,
        sensitiveOperationsHook,
        usedVerificationHook,
        signOutEventHook(db),
      ],
      after: [
        ...(failures ? [failures.after] : []),
        securityEventsHook(db),
        sessionRotationHook,
        emailChangeRecoveryHook(sendMail),
        hideSessionTokensHook,
      ],
    },
  } satisfies BetterAuthPlugin;
};
