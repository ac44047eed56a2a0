import { useState } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../../app/global-loading.tsx';
import { identity, type IdentityError } from '../identity.ts';
import { useRefreshSession } from '../use-auth-state.ts';
import { ActionFailed, ActionSucceeded, ActionWorking } from './action-outcome.tsx';

type Mode = 'verifyAndChangeEmail' | 'recoverEmail';

/**
 * Spec §4 "Email change or recovery: checking, then confirming, then success or error". Nothing
 * changes until the reader confirms: a link opened by a mail scanner does no harm.
 */
export const ConfirmEmailAction = ({ mode, oobCode }: { mode: Mode; oobCode: string }) => {
  const { t } = useTranslation();
  const { track } = useGlobalLoading();
  const refreshSession = useRefreshSession();
  const [outcome, setOutcome] = useState<{ done: string } | { error: IdentityError } | null>(null);
  const check = useQuery({
    queryKey: ['actionCode', mode, oobCode],
    queryFn: () => identity.checkActionCode(mode, oobCode),
    retry: false,
    staleTime: Infinity,
  });

  if (!check.data) return <ActionWorking label={t('accounts.checkingLink')} />;
  if (check.data.error)
    return <ActionFailed title={t('accounts.verificationFailed')} error={check.data.error} />;
  if (outcome && 'error' in outcome)
    return <ActionFailed title={t('accounts.verificationFailed')} error={outcome.error} />;
  const { email, newEmail = '' } = check.data.data;

  if (outcome) {
    return mode === 'recoverEmail' ? (
      <ActionSucceeded
        message={t('accounts.recoverEmailSuccess', { email: outcome.done })}
        to={routes.signIn}
        extra={
          <Anchor component={Link} to={routes.resetPassword} ta="center">
            {t('accounts.resetPasswordNow')}
          </Anchor>
        }
      />
    ) : (
      <ActionSucceeded message={t('accounts.emailChangeApplied', { email: outcome.done })} />
    );
  }

  const confirm = () =>
    track(async () => {
      if (mode === 'recoverEmail') {
        const result = await identity.recoverEmail(oobCode);
        await refreshSession();
        return setOutcome(result.error ? { error: result.error } : { done: result.data.email });
      }
      const result = await identity.applyVerification(oobCode);
      await refreshSession();
      setOutcome(result.error ? { error: result.error } : { done: newEmail });
    });

  return (
    <Stack>
      <Title order={2} size="h4">
        {mode === 'recoverEmail' ? t('accounts.recoverEmailTitle') : t('accounts.confirmEmailChangeTitle')}
      </Title>
      <Text>
        {mode === 'recoverEmail'
          ? t('accounts.confirmRecoverEmail', { email, newEmail })
          : t('accounts.confirmEmailChange', { email, newEmail })}
      </Text>
      <Button onClick={() => void confirm()} fullWidth>
        {mode === 'recoverEmail' ? t('accounts.recoverEmailAction') : t('accounts.confirmEmailChangeAction')}
      </Button>
    </Stack>
  );
};
