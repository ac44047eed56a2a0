import { Alert, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageKeyOf, type Invite } from '@billbridge/contract';
import { useErrorMessage } from '../../lib/use-error-message.ts';
import { useSignedInUser } from '../accounts/use-auth-state.ts';
import { VerificationButton } from '../accounts/verification-button.tsx';
import { PermissionBadges } from '../members/permission-badges.tsx';
import { useAcceptInvite, useMyInvites, useRejectInvite } from './invite-queries.ts';

/** The server's reason, translated when it is the one an invitee can fix (decision 011). */
const useInviteFailure = () => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (error: unknown) =>
    messageKeyOf(error) === 'verifyEmailFirst' ? t('invites.verifyEmailFirst') : errorMessage(error);
};

const InviteCard = ({ invite }: { invite: Invite }) => {
  const { t } = useTranslation();
  const accept = useAcceptInvite();
  const reject = useRejectInvite();
  const failure = useInviteFailure();
  const name = invite.subscription_name.trim() || t('invites.untitled');
  const busy = accept.isPending || reject.isPending;
  const failed = accept.isError
    ? { title: t('subscription.invites.acceptError'), error: accept.error }
    : reject.isError
      ? { title: t('subscription.invites.rejectError'), error: reject.error }
      : null;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Text fw={600}>{name}</Text>
            <Text size="sm" c="dimmed">
              {t('invites.invitedBy', { name: invite.host_name })}
            </Text>
            <PermissionBadges permissions={invite.permissions} />
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              loading={accept.isPending}
              disabled={busy}
              onClick={() => accept.mutate(invite.id)}
            >
              {t('invites.accept')}
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={reject.isPending}
              disabled={busy}
              onClick={() => reject.mutate(invite.id)}
            >
              {t('invites.reject')}
            </Button>
          </Group>
        </Group>
        {failed && (
          <Alert color="red" role="alert" title={failed.title}>
            {failure(failed.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
};

/**
 * Invites are only listed to a verified address (whoever signs up with an address does not prove
 * it is theirs): until then the panel says where invitations go and offers the verification mail.
 */
const VerifyToSeeInvites = ({ email }: { email: string }) => {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" mb="xl" component="section" aria-label={t('invites.title')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('invites.verifyToSeeInvites', { email })}</Text>
        <VerificationButton email={email} />
      </Stack>
    </Paper>
  );
};

/** Spec §2 "Subscription list": shown only while the signed-in user has pending invites. */
export const InvitationsPanel = () => {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const verified = Boolean(user?.emailVerified);
  const query = useMyInvites(verified);
  const invites = query.data?.invites ?? [];
  if (user && !verified) return <VerifyToSeeInvites email={user.email} />;
  if (invites.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="invitations-title" mb="xl" gap="sm">
      <Title order={2} size="h4" id="invitations-title">
        {t('invites.title')}
      </Title>
      {invites.map((invite) => (
        <InviteCard key={invite.id} invite={invite} />
      ))}
    </Stack>
  );
};
