import { useState } from 'react';
import { Alert, Button, Card, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { generatePath, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultPermission, routes, type PermissionKey } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { redirectDelays, useRedirectAfter } from '../accounts/redirect-delays.ts';
import { useSignedInUser } from '../accounts/use-auth-state.ts';
import { VerificationButton } from '../accounts/verification-button.tsx';
import { useCreateInvite } from '../members/members-queries.ts';
import { PermissionCheckboxes } from '../members/permission-checkboxes.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { inviteErrorKey } from './invite-error.ts';

/** Invites are mailed in the inviter's name: a verified address first (issue 12, item 3). */
const VerifyToInvite = ({ email }: { email: string }) => {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t('invites.verifyToInviteTitle')} role="note">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('invites.verifyToInviteText', { email })}</Text>
        <VerificationButton email={email} />
      </Stack>
    </Alert>
  );
};

// A light check: the server validates the address for real.
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** Spec §2 "Invite user": e-mail and permissions; success shows a message, then the users list. */
export const InvitePage = () => {
  const { t } = useTranslation();
  const { subscription, held } = useCurrentSubscription();
  const usersPath = generatePath(routes.users, { id: subscription.id });
  const invite = useCreateInvite(subscription.id);
  const redirectAfter = useRedirectAfter();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const user = useSignedInUser();
  const unverified = user !== undefined && !user.emailVerified;
  const form = useForm<{ email: string; permissions: PermissionKey[] }>({
    initialValues: { email: '', permissions: [defaultPermission] },
    validate: {
      email: (value) =>
        !value.trim() ? t('accounts.required') : looksLikeEmail(value) ? null : t('accounts.invalidEmail'),
    },
  });

  const submit = form.onSubmit(({ email, permissions }) =>
    invite.mutate(
      { email: email.trim(), permissions },
      {
        onSuccess: () => {
          setSentTo(email.trim());
          redirectAfter(usersPath, redirectDelays.afterInviteOrSettingsSave);
        },
      },
    ),
  );

  return (
    <Stack maw={560}>
      <PageTitle pageKey="invite" />
      {unverified && <VerifyToInvite email={user.email} />}
      <Card withBorder radius="md" p="lg">
        <form onSubmit={submit} noValidate>
          <Fieldset variant="unstyled" disabled={unverified}>
            <Stack>
              {sentTo && (
                <Alert color="green" role="status">
                  {t('invites.sent', { email: sentTo })}
                </Alert>
              )}
              {invite.isError && (
                <Alert color="red" role="alert">
                  {t(inviteErrorKey(invite.error))}
                </Alert>
              )}
              <TextInput
                type="email"
                label={t('invites.email')}
                autoComplete="off"
                required
                {...form.getInputProps('email')}
              />
              <PermissionCheckboxes
                label={t('invites.permissions')}
                value={form.values.permissions}
                onChange={(permissions) => form.setFieldValue('permissions', permissions)}
                locked={
                  held.includes('owner')
                    ? undefined
                    : { keys: ['admin'], reason: t('invites.adminByOwnerOnly') }
                }
              />
              <Group justify="space-between">
                <Button
                  component={Link}
                  to={usersPath}
                  variant="default"
                  leftSection={<IconArrowLeft size={16} />}
                >
                  {t('invites.back')}
                </Button>
                <Button type="submit" loading={invite.isPending} disabled={sentTo !== null || unverified}>
                  {t('invites.send')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        </form>
      </Card>
    </Stack>
  );
};
