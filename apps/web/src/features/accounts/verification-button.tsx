import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { identity } from './identity.ts';

type Notice = { color: 'green' | 'red'; text: string };

/**
 * Spec §2 send or resend verification: the first send says emailVerificationSent, later ones
 * emailVerificationResent; the server's rate limit answers emailVerificationTooManyRequests.
 */
export const VerificationButton = ({ email }: { email: string }) => {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const send = async () => {
    setSending(true);
    setNotice(null);
    const result = await identity.sendVerificationEmail(email);
    setSending(false);
    if (!result.error) {
      setNotice({
        color: 'green',
        text: sent ? t('accounts.emailVerificationResent') : t('accounts.emailVerificationSent'),
      });
      setSent(true);
      return;
    }
    setNotice({
      color: 'red',
      text:
        result.error.status === 429
          ? t('accounts.emailVerificationTooManyRequests')
          : t('accounts.emailVerificationError'),
    });
  };

  return (
    <Stack gap="xs" align="flex-start">
      <Button size="xs" variant="light" loading={sending} onClick={() => void send()}>
        {sent ? t('accounts.resendVerification') : t('accounts.sendVerification')}
      </Button>
      {notice && (
        <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'} py="xs">
          {notice.text}
        </Alert>
      )}
    </Stack>
  );
};
