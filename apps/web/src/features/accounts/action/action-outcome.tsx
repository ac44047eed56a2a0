import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { useAuthState } from '../use-auth-state.ts';
import { FailureAlert } from '../failure-alert.tsx';
import type { IdentityError } from '../identity.ts';

export const ActionWorking = ({ label }: { label: string }) => (
  <Center py="lg">
    <Stack align="center" gap="xs">
      <Loader size="md" />
      <Text size="sm" c="dimmed" role="status">
        {label}
      </Text>
    </Stack>
  </Center>
);

/** Where a finished action leads: the profile when signed in, else sign-in. */
const ContinueButton = ({ to }: { to?: string }) => {
  const { t } = useTranslation();
  const auth = useAuthState();
  return (
    <Button
      component={Link}
      to={to ?? (auth.status === 'signed-in' ? routes.profile : routes.signIn)}
      fullWidth
    >
      {t('accounts.continue')}
    </Button>
  );
};

export const ActionSucceeded = ({
  message,
  to,
  extra,
}: {
  message: string;
  to?: string;
  extra?: ReactNode;
}) => (
  <Stack>
    <Alert color="green" role="status">
      {message}
    </Alert>
    {extra}
    <ContinueButton to={to} />
  </Stack>
);

export const ActionFailed = ({
  title,
  error,
  message,
}: {
  title: string;
  error?: IdentityError;
  message?: string;
}) => (
  <Stack>
    {error ? (
      <FailureAlert title={title} error={error} />
    ) : (
      <Alert color="red" title={title} role="alert">
        {message}
      </Alert>
    )}
    <ContinueButton />
  </Stack>
);
