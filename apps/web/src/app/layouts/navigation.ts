import { generatePath } from 'react-router';
import { permissionDefinitions, routes, type GuardPermission } from '@billbridge/contract';

export type NavLabel =
  | 'subscriptionList'
  | 'dashboard'
  | 'sources'
  | 'destinations'
  | 'activity'
  | 'audit'
  | 'users'
  | 'billing'
  | 'settings';

export type NavLink = {
  label: NavLabel;
  to: string;
  /** Active only on this exact path, not below it. */ end: boolean;
};

/** Whether the user holds a permission flagged admin in configuration (spec §2 layouts, §6). */
export const holdsAdminPermission = (held: readonly GuardPermission[]): boolean =>
  held.some((name) => name !== 'owner' && permissionDefinitions[name].isAdmin);

/**
 * The sidebar: the subscription list always; inside a workspace its dashboard; and its sources,
 * destinations, activity log, audit log, users, billing and settings only for holders of an admin permission,
 * as their pages need one (spec §2 route table): a link the viewer cannot open is not shown.
 */
export const navigationLinks = (
  subscriptionId: string | undefined,
  held: readonly GuardPermission[],
): NavLink[] => {
  const links: NavLink[] = [{ label: 'subscriptionList', to: routes.dashboard, end: true }];
  if (!subscriptionId) return links;
  const to = (path: string) => generatePath(path, { id: subscriptionId });
  links.push({ label: 'dashboard', to: to(routes.subscription), end: true });
  if (holdsAdminPermission(held)) {
    links.push(
      { label: 'sources', to: to(routes.sourcesList), end: false },
      { label: 'destinations', to: to(routes.destinationsList), end: false },
      { label: 'activity', to: to(routes.activityLog), end: false },
      { label: 'audit', to: to(routes.auditLog), end: false },
      { label: 'users', to: to(routes.users), end: false },
      { label: 'billing', to: to(routes.billing), end: false },
      { label: 'settings', to: to(routes.settings), end: false },
    );
  }
  return links;
};
