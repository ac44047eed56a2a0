import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { identity, type IdentityError } from '../identity.ts';
import { useRefreshSession } from '../use-auth-state.ts';
import { ActionFailed, ActionSucceeded, ActionWorking } from './action-outcome.tsx';

type State =
  { step: 'verifying' } | { step: 'done'; email: string } | { step: 'failed'; error: IdentityError };

/** Spec §4 "Email verify: verifying, then success or error" — it starts as soon as the page opens. */
export const VerifyEmailAction = ({ oobCode }: { oobCode: string }) => {
  const { t } = useTranslation();
  const refreshSession = useRefreshSession();
  const [state, setState] = useState<State>({ step: 'verifying' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const check = await identity.checkActionCode('verifyEmail', oobCode);
      if (check.error) return setState({ step: 'failed', error: check.error });
      const applied = await identity.applyVerification(oobCode);
      if (applied.error) return setState({ step: 'failed', error: applied.error });
      await refreshSession();
      setState({ step: 'done', email: check.data.email });
    })();
  }, [oobCode, refreshSession]);

  if (state.step === 'verifying') return <ActionWorking label={t('accounts.verifyingEmail')} />;
  if (state.step === 'failed')
    return <ActionFailed title={t('accounts.failedToVerifyEmail')} error={state.error} />;
  return <ActionSucceeded message={t('accounts.emailVerifiedSuccess', { email: state.email })} />;
};
