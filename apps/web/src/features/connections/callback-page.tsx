import { useEffect } from 'react';
import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { generatePath, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppError, messageKeyOf, routes } from '@billbridge/contract';
import { call } from '../../lib/call.ts';
import { isServerMessageKey, useErrorMessage } from '../../lib/use-error-message.ts';

/** Spec §9: 3 s after a connection, 5 s after any error. */
export const callbackRedirectDelays = { success: 3000, error: 5000 } as const;

type Provider = 'stripe' | 'hubspot';

export type CallbackOutcome =
  | 'success'
  | 'canceled'
  | 'missingParams'
  | 'invalidRequest'
  | 'alreadyConnected'
  | 'connectionFailed'
  | 'unexpected';

/** The paths one provider's callback leads to. */
const pathsOf = (provider: Provider, subscriptionId: string, targetId: string) =>
  provider === 'stripe'
    ? {
        list: generatePath(routes.sourcesList, { id: subscriptionId }),
        detail: generatePath(routes.sourceDetails, { id: subscriptionId, sourceId: targetId }),
      }
    : {
        list: generatePath(routes.destinationsList, { id: subscriptionId }),
        detail: generatePath(routes.destinationDetails, { id: subscriptionId, destinationId: targetId }),
      };

/** Spec §3 "Provider callback query": state starts "{subscriptionId}:{targetId}" (ours adds a nonce). */
const targetOf = (state: string | null) => {
  const [subscriptionId, targetId] = (state ?? '').split(':');
  return subscriptionId && targetId ? { subscriptionId, targetId } : undefined;
};

/** Exchanges the code; what the server answers beyond success is read from the detail page. */
const connect = async (
  provider: Provider,
  subscriptionId: string,
  targetId: string,
  code: string,
  state: string,
): Promise<true> => {
  if (provider === 'stripe') await call('connectSource', { subscriptionId, sourceId: targetId, code, state });
  else await call('connectDestination', { subscriptionId, destinationId: targetId, code, state });
  return true;
};

/** Spec §8 callback errors: "already connected" by its message, the server's refusals, anything else. */
export const failureOutcome = (error: unknown): CallbackOutcome => {
  if (!(error instanceof AppError)) return 'unexpected';
  if (error.message.toLowerCase().includes('already connected')) return 'alreadyConnected';
  return ['internal', 'unknown', 'unavailable', 'deadline-exceeded'].includes(error.code)
    ? 'unexpected'
    : 'connectionFailed';
};

/**
 * Spec §4 "Callback flow", for both providers: an `error` parameter is a cancel, a missing code or
 * state and a state without a colon are refused without a call; otherwise the code is exchanged once.
 * Each outcome shows its message and leads on: the detail page 3 s after success, else after 5 s the
 * detail page, the list, or the root when the state names no workspace.
 */
export const CallbackPage = ({ provider }: { provider: Provider }) => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const target = targetOf(state);
  const paths = target ? pathsOf(provider, target.subscriptionId, target.targetId) : undefined;
  const early: CallbackOutcome | undefined = params.get('error')
    ? 'canceled'
    : !code || !state
      ? 'missingParams'
      : !target
        ? 'invalidRequest'
        : undefined;
  // A query, not an effect: the code is single-use, and the cache runs it once however often we render.
  const exchange = useQuery({
    queryKey: ['oauth-callback', provider, state],
    queryFn: () =>
      connect(provider, target?.subscriptionId ?? '', target?.targetId ?? '', code ?? '', state ?? ''),
    enabled: early === undefined,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const outcome: CallbackOutcome | undefined =
    early ?? (exchange.isSuccess ? 'success' : exchange.isError ? failureOutcome(exchange.error) : undefined);
  // The server's own reason, when it names one (an expired or reused link, an account taken elsewhere).
  const reason =
    outcome === 'connectionFailed' && isServerMessageKey(messageKeyOf(exchange.error))
      ? errorMessage(exchange.error)
      : undefined;

  const next =
    outcome === undefined
      ? undefined
      : outcome === 'success' ||
          outcome === 'alreadyConnected' ||
          outcome === 'connectionFailed' ||
          outcome === 'unexpected'
        ? (paths?.detail ?? routes.home)
        : (paths?.list ?? routes.home);
  useEffect(() => {
    if (!outcome || !next) return undefined;
    const delay = outcome === 'success' ? callbackRedirectDelays.success : callbackRedirectDelays.error;
    const timer = setTimeout(() => void navigate(next, { replace: true }), delay);
    return () => clearTimeout(timer);
  }, [outcome, next, navigate]);

  if (!outcome) {
    return (
      <Center py="xl">
        <Stack align="center" role="status" aria-live="polite">
          <Loader />
          <Text>{t(`callback.${provider}.connecting`)}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center py="xl">
      <Alert
        color={outcome === 'success' ? 'green' : 'red'}
        role={outcome === 'success' ? 'status' : 'alert'}
        title={t(`callback.${provider}.${outcome === 'success' ? 'successTitle' : 'errorTitle'}`)}
        maw={520}
        w="100%"
      >
        <Stack gap="xs">
          <Text size="sm">{t(`callback.${outcome}`)}</Text>
          {reason && <Text size="sm">{reason}</Text>}
          <Text size="xs" c="dimmed">
            {t(outcome === 'success' ? 'callback.redirectingSoon' : 'callback.redirecting')}
          </Text>
        </Stack>
      </Alert>
    </Center>
  );
};
