/**
 * Two-factor sign-in (issue 36), without zod: the workspace layout reads it on every workspace
 * page, and zod loads with the mapping editor only (decision 035). The setting that demands it of
 * every member is stored among the workspace's settings under this key, written only by
 * `updateTwoFactorRequirement`.
 */
export const requireTwoFactorSetting = 'require_two_factor';

/** Whether a workspace's settings demand two-factor sign-in of its members. */
export const requiresTwoFactor = (settings: Record<string, unknown>): boolean =>
  settings[requireTwoFactorSetting] === true;
