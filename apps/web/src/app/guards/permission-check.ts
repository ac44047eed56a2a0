import { isGuardPermission, satisfies, type GuardPermission } from '@billbridge/contract';

/** A page's demand as configured: every listed permission, or any one of them (spec §2 page guard). */
export type GuardRequirement = { allOf: readonly string[] } | { anyOf: readonly string[] };

export type GuardVerdict = { kind: 'allowed' } | { kind: 'denied' } | { kind: 'invalid'; unknown: string[] };

/**
 * Checks a requirement against what the user holds on the workspace. Names outside the known set are
 * a configuration error: the page is refused whatever the user holds, so a typo never opens a page.
 */
export const checkRequirement = (
  requirement: GuardRequirement,
  held: readonly GuardPermission[] | undefined,
): GuardVerdict => {
  const names = 'allOf' in requirement ? requirement.allOf : requirement.anyOf;
  const unknown = names.filter((name) => !isGuardPermission(name));
  if (unknown.length > 0 || names.length === 0) return { kind: 'invalid', unknown };
  if (!held) return { kind: 'denied' };
  const known = names.filter(isGuardPermission);
  const allowed =
    'allOf' in requirement ? satisfies(held, { allOf: known }) : satisfies(held, { anyOf: known });
  return allowed ? { kind: 'allowed' } : { kind: 'denied' };
};
