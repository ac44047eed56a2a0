/**
 * Quotas on what one account may create (issue 38): workspaces it owns, the sources and destinations
 * of a workspace, billing attempts (a paid workspace, a change to a paid plan, a setup intent for a
 * card) and on-demand imports. Each keeps one account from piling up rows, platform customers or card
 * tests; the numbers are far above what a team uses.
 */
export const creationLimits = {
  /** Workspaces a user owns, canceled ones not counted. */
  workspacesPerUser: 10,
  sourcesPerWorkspace: 10,
  destinationsPerWorkspace: 10,
  /** Billing attempts per user in the last 24 hours. */
  billingAttemptsPerDay: 10,
  /** On-demand imports of one source in the last 24 hours, besides the one its connection starts. */
  importsPerSourcePerDay: 1,
} as const;
