import { useMemo, useState } from 'react';
import { Alert, Button, Code, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@billbridge/contract';
import { useGlobalLoading } from '../../app/global-loading.tsx';
import { AccountFormCard } from './account-form-card.tsx';
import { FailureAlert } from './failure-alert.tsx';
import { identity, type IdentityError, type IdentityResult } from './identity.ts';
import { needsReAuthentication } from './identity-messages.ts';
import { ReAuthenticationAlert } from './re-authentication.tsx';
import { useRefreshSession, useSignedInUser } from './use-auth-state.ts';

/** The setup key inside the authenticator URI (`otpauth://totp/…?secret=…`), shown as text. */
const secretOf = (totpURI: string): string => new URL(totpURI).searchParams.get('secret') ?? '';

const Failure = ({ error }: { error: IdentityError }) => {
  const { t } = useTranslation();
  return needsReAuthentication(error) ? (
    <ReAuthenticationAlert />
  ) : (
    <FailureAlert title={t('twoFactor.failed')} error={error} />
  );
};

/** One field and a button; `run` answers an identity call, whose refusal shows above the field. */
const OneFieldForm = ({
  label,
  kind,
  action,
  run,
}: {
  label: string;
  kind: 'password' | 'code';
  action: string;
  run: (value: string) => Promise<IdentityResult<unknown> | undefined>;
}) => {
  const { t } = useTranslation();
  const { track } = useGlobalLoading();
  const [failure, setFailure] = useState<IdentityError | null>(null);
  const form = useForm({
    initialValues: { value: '' },
    validate: { value: (value) => (value.trim() ? null : t('accounts.required')) },
  });
  const submit = form.onSubmit(({ value }) =>
    track(async () => {
      setFailure(null);
      const result = await run(kind === 'code' ? value.trim() : value);
      if (result?.error) setFailure(result.error);
    }),
  );
  const Input = kind === 'password' ? PasswordInput : TextInput;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && <Failure error={failure} />}
        <Input
          {...(kind === 'password'
            ? { visibilityToggleButtonProps: { 'aria-label': t('accounts.togglePasswordVisibility') } }
            : {})}
          label={label}
          required
          autoComplete={kind === 'password' ? 'current-password' : 'one-time-code'}
          {...(kind === 'code' ? { inputMode: 'numeric' as const } : {})}
          {...form.getInputProps('value')}
        />
        <Group>
          <Button type="submit">{action}</Button>
        </Group>
      </Stack>
    </form>
  );
};

/** The ten recovery codes, shown once, with a download of the same list. */
const RecoveryCodes = ({ codes }: { codes: string[] }) => {
  const { t } = useTranslation();
  const file = useMemo(
    () => URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' })),
    [codes],
  );
  return (
    <Stack>
      <Text size="sm">{t('twoFactor.recoveryIntro')}</Text>
      <SimpleGrid cols={2} spacing="xs" aria-label={t('twoFactor.recoveryCodes')} component="ul" p={0} m={0}>
        {codes.map((code) => (
          <Code key={code} component="li" style={{ listStyle: 'none' }} data-testid="recovery-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <Button component="a" href={file} download="billbridge-recovery-codes.txt" variant="light">
          {t('twoFactor.download')}
        </Button>
        <Button component={Link} to={routes.profile}>
          {t('twoFactor.done')}
        </Button>
      </Group>
    </Stack>
  );
};

/** Off → password → QR code and key → first code → recovery codes (issue 36). */
const Enrol = ({ onEnabled }: { onEnabled: (codes: string[]) => Promise<void> }) => {
  const { t } = useTranslation();
  const [started, setStarted] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  if (!started)
    return (
      <Stack>
        <Text size="sm">{t('twoFactor.intro')}</Text>
        <OneFieldForm
          label={t('accounts.password')}
          kind="password"
          action={t('twoFactor.start')}
          run={async (password) => {
            const result = await identity.enableTwoFactor(password);
            if (result.data) setStarted(result.data);
            return result;
          }}
        />
      </Stack>
    );
  return (
    <Stack>
      <Text size="sm">{t('twoFactor.scanIntro')}</Text>
      <QRCodeSVG
        value={started.totpURI}
        size={176}
        title={t('twoFactor.qrLabel')}
        role="img"
        aria-label={t('twoFactor.qrLabel')}
      />
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('twoFactor.secretLabel')}
        </Text>
        <Code data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
          {secretOf(started.totpURI)}
        </Code>
      </Stack>
      <OneFieldForm
        label={t('twoFactor.code')}
        kind="code"
        action={t('twoFactor.confirm')}
        run={async (code) => {
          const result = await identity.verifyTotp(code);
          if (result.data) await onEnabled(started.backupCodes);
          return result;
        }}
      />
    </Stack>
  );
};

type Managing = 'regenerate' | 'turnOff' | null;

/** On: new recovery codes or turning it off, each after the password on a recent sign-in. */
const Manage = ({ onCodes, onOff }: { onCodes: (codes: string[]) => void; onOff: () => Promise<void> }) => {
  const { t } = useTranslation();
  const [managing, setManaging] = useState<Managing>(null);
  if (!managing)
    return (
      <Stack>
        <Text size="sm">{t('twoFactor.onIntro')}</Text>
        <Group>
          <Button variant="light" onClick={() => setManaging('regenerate')}>
            {t('twoFactor.regenerate')}
          </Button>
          <Button variant="light" color="red" onClick={() => setManaging('turnOff')}>
            {t('twoFactor.turnOff')}
          </Button>
        </Group>
      </Stack>
    );
  const regenerate = managing === 'regenerate';
  return (
    <Stack>
      <Text size="sm">{regenerate ? t('twoFactor.regenerateIntro') : t('twoFactor.turnOffIntro')}</Text>
      <OneFieldForm
        label={t('accounts.password')}
        kind="password"
        action={regenerate ? t('twoFactor.regenerate') : t('twoFactor.turnOff')}
        run={async (password) => {
          if (regenerate) {
            const result = await identity.regenerateRecoveryCodes(password);
            if (result.data) onCodes(result.data.backupCodes);
            return result;
          }
          const result = await identity.disableTwoFactor(password);
          if (result.data) await onOff();
          return result;
        }}
      />
      <Group>
        <Button variant="subtle" onClick={() => setManaging(null)}>
          {t('twoFactor.cancel')}
        </Button>
      </Group>
    </Stack>
  );
};

/** The profile's two-factor sign-in page: set up, or manage what is set up. */
export const TwoFactorPage = () => {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const refreshSession = useRefreshSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<'enabled' | 'turnedOff' | null>(null);
  const enabled = Boolean(user?.twoFactorEnabled);
  return (
    <AccountFormCard pageKey="twoFactor">
      <Stack>
        {notice && (
          <Alert color="green" role="status">
            {t(`twoFactor.${notice}`)}
          </Alert>
        )}
        {codes ? (
          <RecoveryCodes codes={codes} />
        ) : enabled ? (
          <Manage
            onCodes={setCodes}
            onOff={async () => {
              setNotice('turnedOff');
              await refreshSession();
            }}
          />
        ) : (
          <Enrol
            onEnabled={async (issued) => {
              setCodes(issued);
              setNotice('enabled');
              await refreshSession();
            }}
          />
        )}
      </Stack>
    </AccountFormCard>
  );
};
