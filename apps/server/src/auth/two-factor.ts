import { twoFactor } from 'better-auth/plugins';

/** A device the user ticked "trust" on skips the code for this long (issue 36). */
export const trustedDeviceSeconds = 30 * 24 * 60 * 60;

/**
 * better-auth's two-factor plugin (decision 057): TOTP (RFC 6238, 6 digits, 30 s) with ten
 * recovery codes, both encrypted with SECRET. Guesses are throttled by our per-account sign-in
 * counter (hooks/sign-in-failures.ts), which spans the password and the code, so the plugin's own
 * lockout is off: one budget, one message.
 */
export const twoFactorPlugin = () =>
  twoFactor({
    issuer: 'Billbridge',
    trustDeviceMaxAge: trustedDeviceSeconds,
    backupCodeOptions: { amount: 10, length: 10 },
    accountLockout: { enabled: false },
  });
