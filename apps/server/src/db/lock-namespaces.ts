/**
 * The first key of every PostgreSQL advisory lock the product takes, in one place so no two
 * features share a number by accident (the second key is a hash of the locked row's id).
 */
export const lockNamespaces = {
  migrations: 4_206_1977,
  destination: 7_310_2,
  drain: 7_310_3,
  backfill: 7_310_4,
  inviteLimits: 7_310_5,
  reconcile: 7_310_6,
  reconcileSchedule: 7_310_7,
  creationLimits: 7_310_8,
} as const;
