import { Alert, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isActionMode } from '@billbridge/contract';
import { PageTitle } from '../../../components/page-title.tsx';
import { ConfirmEmailAction } from './confirm-email-action.tsx';
import { ResetPasswordAction } from './reset-password-action.tsx';
import { VerifyEmailAction } from './verify-email-action.tsx';

/** `/auth/action?mode=…&oobCode=…` (spec §2 "Action handler"): where every account e-mail leads. */
export const AuthActionPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');

  const body = () => {
    if (!mode || !oobCode) {
      return (
        <Alert color="red" role="alert">
          {t('accounts.invalidOrMissingParameters')}
        </Alert>
      );
    }
    if (!isActionMode(mode)) {
      return (
        <Alert color="red" role="alert">
          {t('accounts.unsupportedOperation')}
        </Alert>
      );
    }
    // Keyed by the code, so opening another link on this page starts over.
    if (mode === 'verifyEmail') return <VerifyEmailAction key={oobCode} oobCode={oobCode} />;
    if (mode === 'resetPassword') return <ResetPasswordAction key={oobCode} oobCode={oobCode} />;
    return <ConfirmEmailAction key={oobCode} mode={mode} oobCode={oobCode} />;
  };

  return (
    <Stack>
      <PageTitle pageKey="authAction" />
      {body()}
    </Stack>
  );
};
