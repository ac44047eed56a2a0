import { Alert, Button } from '@mantine/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../app/global-loading.tsx';
import { pathOf, rememberLocation } from './remembered-location.ts';
import { signOutAndLoad } from './sign-out.ts';

/**
 * Spec §8 reAuthenticationRequired: the sign-in is too old for this operation. Signing in again
 * comes back to this page, where the operation can be retried.
 */
export const ReAuthenticationAlert = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const { track } = useGlobalLoading();
  const signInAgain = () =>
    track(async () => {
      rememberLocation(pathOf(location));
      await signOutAndLoad(routes.signIn);
    });
  return (
    <Alert color="orange" title={t('accounts.reAuthenticationRequired')} role="alert">
      <Button mt="xs" size="xs" variant="white" color="orange" onClick={() => void signInAgain()}>
        {t('accounts.signInAgain')}
      </Button>
    </Alert>
  );
};
