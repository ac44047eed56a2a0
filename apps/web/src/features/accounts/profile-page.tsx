import type { ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, type Profile } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { isLanguage, languageNames, languages } from '../../i18n/languages.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { useDates } from '../../lib/use-dates.ts';
import { profileQueryKey, useProfile } from './profile-query.ts';
import { saveLanguage } from './saved-language.ts';
import { useSignedInUser } from './use-auth-state.ts';
import { UserAvatar } from './user-avatar.tsx';
import { VerificationButton } from './verification-button.tsx';
import { SecurityEvents } from '../audit-log/security-events.tsx';

const Row = ({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) => (
  <Group justify="space-between" align="flex-start" wrap="nowrap" py="xs">
    <Stack gap={2} miw={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
    {action}
  </Group>
);

/** A short visible word ("Edit") whose accessible name says what it edits. */
const EditLink = ({ to, text, label }: { to: string; text: string; label: string }) => (
  <Anchor component={Link} to={to} size="sm" aria-label={label}>
    {text}
  </Anchor>
);

const LanguageSwitch = () => {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveLanguage,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
  return (
    <Stack gap={4}>
      <SegmentedControl
        aria-label={t('accounts.profileLanguage')}
        data={languages.map((value) => ({ value, label: languageNames[value] }))}
        value={language}
        onChange={(value) => {
          if (!isLanguage(value)) return;
          void setLanguage(value);
          save.mutate(value);
        }}
      />
      {save.isError && (
        <Text size="xs" c="red" role="alert">
          {t('accounts.languageSaveError')}
        </Text>
      )}
    </Stack>
  );
};

const ProfileDetails = ({ profile: { user, profile, hasPassword } }: { profile: Profile }) => {
  const { t } = useTranslation();
  const { formatDate, formatTime } = useDates();
  const twoFactorOn = Boolean(useSignedInUser()?.twoFactorEnabled);
  const edit = t('accounts.edit');
  return (
    <Card withBorder radius="md" p="lg" maw={640}>
      <Group mb="md">
        <UserAvatar name={user.displayName} email={user.email} photoURL={user.photoURL} size="xl" />
        <Stack gap={0}>
          <Text fw={600} size="lg">
            {user.displayName || t('accounts.noDisplayName')}
          </Text>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
        </Stack>
      </Group>
      <Stack gap={0}>
        <Row
          label={t('accounts.displayName')}
          action={
            <EditLink to={routes.editName} text={edit} label={`${edit}: ${t('accounts.displayName')}`} />
          }
        >
          <Text data-testid="profile-name">{user.displayName || t('accounts.noDisplayName')}</Text>
        </Row>
        <Row
          label={t('accounts.email')}
          action={<EditLink to={routes.editEmail} text={edit} label={`${edit}: ${t('accounts.email')}`} />}
        >
          <Text data-testid="profile-email">{user.email}</Text>
        </Row>
        <Row label={t('accounts.emailVerified')}>
          <Group gap="sm">
            <Badge color={user.emailVerified ? 'green' : 'gray'} data-testid="profile-verified">
              {user.emailVerified ? t('accounts.yes') : t('accounts.no')}
            </Badge>
          </Group>
          {!user.emailVerified && <VerificationButton email={user.email} />}
        </Row>
        <Row
          label={t('accounts.password')}
          action={
            <EditLink
              to={routes.changePassword}
              text={hasPassword ? t('accounts.changePassword') : t('accounts.setPassword')}
              label={
                hasPassword
                  ? `${t('accounts.changePassword')}: ${t('accounts.password')}`
                  : t('accounts.setPassword')
              }
            />
          }
        >
          <Text aria-label={t('accounts.password')}>
            {hasPassword ? '••••••••' : t('accounts.noPassword')}
          </Text>
        </Row>
        <Row
          label={t('twoFactor.label')}
          action={
            <EditLink
              to={routes.twoFactor}
              text={twoFactorOn ? t('twoFactor.manage') : t('twoFactor.setUp')}
              label={`${twoFactorOn ? t('twoFactor.manage') : t('twoFactor.setUp')}: ${t('twoFactor.label')}`}
            />
          }
        >
          <Badge color={twoFactorOn ? 'green' : 'gray'} data-testid="profile-two-factor">
            {twoFactorOn ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        </Row>
        <Row label={t('accounts.userId')}>
          <Code data-testid="profile-uid">{user.uid}</Code>
        </Row>
        <Row label={t('accounts.createdAt')}>
          <Text data-testid="profile-created">
            {formatDate(profile.create_time)} {formatTime(profile.create_time)}
          </Text>
        </Row>
        <Row label={t('accounts.profileLanguage')}>
          <LanguageSwitch />
        </Row>
      </Stack>
      <Group mt="lg">
        <Button component={Link} to={routes.deleteAccount} color="red" variant="light">
          {t('accounts.deleteAccount')}
        </Button>
      </Group>
    </Card>
  );
};

/** Spec §2 "Profile". */
export const ProfilePage = () => {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Stack>
      <PageTitle pageKey="profile" />
      {profile.isPending && <Loader aria-label={t('app.loading')} />}
      {profile.isError && (
        <Alert color="red" role="alert">
          {t('accounts.profileLoadError')}
        </Alert>
      )}
      {profile.data && <ProfileDetails profile={profile.data} />}
      {profile.data && <SecurityEvents />}
    </Stack>
  );
};
