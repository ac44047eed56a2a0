import type { Translations } from './en.ts';
import common from './zh/common.ts';
import members from './zh/members.ts';
import connections from './zh/connections.ts';
import billing from './zh/billing.ts';
import dashboard from './zh/dashboard.ts';
import docs from './zh/docs.ts';
import audit from './zh/audit.ts';

/** Chinese (simplified). Typed as `Translations`, so a missing or extra key fails the type check. */
export const zh: Translations = {
  ...common,
  ...members,
  ...connections,
  ...billing,
  ...dashboard,
  ...docs,
  ...audit,
};
