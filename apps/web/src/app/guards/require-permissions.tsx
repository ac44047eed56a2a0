import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { routes } from '@billbridge/contract';
import { useOptionalSubscription } from '../../features/subscriptions/subscription-context.ts';
import { checkRequirement, type GuardRequirement } from './permission-check.ts';

type RequirePermissionsProps = GuardRequirement & { children: ReactNode };

const RejectConfiguration = ({ unknown }: { unknown: string[] }) => {
  useEffect(() => {
    console.error(`Page guard rejected unknown permission names: ${JSON.stringify(unknown)}`);
  }, [unknown]);
  return <Navigate to={routes.home} replace />;
};

/**
 * Page guard, second half (spec §2): the user's permissions on the current workspace must meet
 * `allOf` (every one) or `anyOf` (at least one); otherwise they are sent home. Unknown names are
 * logged and sent home too. Outside a workspace nobody holds anything.
 */
export const RequirePermissions = ({ children, ...requirement }: RequirePermissionsProps) => {
  const current = useOptionalSubscription();
  const verdict = checkRequirement(requirement, current?.held);
  if (verdict.kind === 'invalid') return <RejectConfiguration unknown={verdict.unknown} />;
  if (verdict.kind === 'denied') return <Navigate to={routes.home} replace />;
  return children;
};
