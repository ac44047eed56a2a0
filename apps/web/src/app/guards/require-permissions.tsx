import { useEffect, type ReactNode } from 'react';
import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, type GuardPermission } from '@billbridge/contract';
import { useOptionalSubscription } from '../../features/subscriptions/subscription-context.ts';
import { checkRequirement, type GuardRequirement } from './permission-check.ts';

type RequirePermissionsProps = GuardRequirement & { children: ReactNode };

const RejectConfiguration = ({ unknown }: { unknown: string[] }) => {
  useEffect(() => {
    console.error(`Page guard rejected unknown permission names: ${JSON.stringify(unknown)}`);
  }, [unknown]);
  return <Navigate to={routes.home} replace />;
};

/** The strongest permission a page asks for, which is the one to name to the viewer. */
const neededOf = (requirement: GuardRequirement): GuardPermission => {
  const names = 'allOf' in requirement ? requirement.allOf : requirement.anyOf;
  if (names.includes('owner')) return 'owner';
  return names.includes('admin') ? 'admin' : 'access';
};

/** Says why the page is closed to the viewer and who can open it, with the way home. */
const PermissionRefusal = ({ needed }: { needed: GuardPermission }) => {
  const { t } = useTranslation();
  return (
    <Stack maw={560}>
      <Alert color="yellow" role="alert" title={t('app.refused.title')}>
        {t(`app.refused.${needed}`)}
      </Alert>
      <Anchor component={Link} to={routes.home}>
        {t('app.backHome')}
      </Anchor>
    </Stack>
  );
};

/**
 * Page guard, second half (spec §2): the user's permissions on the current workspace must meet
 * `allOf` (every one) or `anyOf` (at least one). Otherwise the page says why it is closed and who
 * can open it, with the way home (issue 31: being sent home without a word read as a broken link).
 * Unknown names are a configuration error: logged, and the user is sent home. Outside a workspace
 * nobody holds anything.
 */
export const RequirePermissions = ({ children, ...requirement }: RequirePermissionsProps) => {
  const current = useOptionalSubscription();
  const verdict = checkRequirement(requirement, current?.held);
  if (verdict.kind === 'invalid') return <RejectConfiguration unknown={verdict.unknown} />;
  if (verdict.kind === 'denied') return <PermissionRefusal needed={neededOf(requirement)} />;
  return children;
};
