import common from './en/common.ts';
import members from './en/members.ts';
import connections from './en/connections.ts';
import billing from './en/billing.ts';
import dashboard from './en/dashboard.ts';
import docs from './en/docs.ts';
import audit from './en/audit.ts';

/**
 * English, the fallback language: every key the UI uses lives here first. The texts live by
 * namespace in `en/<namespace>.ts` (see `namespaces.ts`); this whole object serves the types and tests.
 */
export const en = {
  ...common,
  ...members,
  ...connections,
  ...billing,
  ...dashboard,
  ...docs,
  ...audit,
} as const;

/** The shape every language must have: the same keys as English, any wording. */
type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Translations = Widen<typeof en>;
