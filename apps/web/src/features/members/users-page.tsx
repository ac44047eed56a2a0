import { useState } from 'react';
import { Center, Group, Loader, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { generatePath, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { defaultPageSize, routes, type PageSize } from '@billbridge/contract';
import { ListPagination } from '../../components/list-pagination.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { EditPermissionsDialog } from './edit-permissions-dialog.tsx';
import { GuardedButton } from './guarded-button.tsx';
import { useRevokeInvite, useSubscriptionUsers } from './members-queries.ts';
import { canceledBlock, ownerActionBlock } from './owner-action.ts';
import { RemoveUserDialog } from './remove-user-dialog.tsx';
import { UsersTable, type UserAction } from './users-table.tsx';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';

/** Spec §2 "Users list": members and pending invitees, page by page, with an invite button. */
export const UsersPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { subscription, held } = useCurrentSubscription();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(defaultPageSize);
  const [dialog, setDialog] = useState<UserAction | null>(null);
  const query = useSubscriptionUsers(subscription.id, page, pageSize);
  const revoke = useRevokeInvite(subscription.id);
  const adminBlock = canceledBlock(subscription.status);
  // Removing or revoking the last row of a page would leave it empty: show the one before.
  const stepBackIfLastRow = () => {
    if (query.data?.users.length === 1 && query.data.page > 1) setPage(query.data.page - 1);
  };

  const onAction = (action: UserAction) => {
    if (action.kind !== 'revoke') return setDialog(action);
    if (action.user.invite_id) revoke.mutate(action.user.invite_id, { onSuccess: stepBackIfLastRow });
  };

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageTitle pageKey="users" />
        <GuardedButton
          block={adminBlock}
          leftSection={<IconUserPlus size={16} />}
          onClick={() => void navigate(generatePath(routes.invite, { id: subscription.id }))}
        >
          {t('members.invite')}
        </GuardedButton>
      </Group>
      <Stack>
        {revoke.isError && (
          <CallErrorAlert title={t('subscription.invites.revokeError')} error={revoke.error} />
        )}
        {query.isPending ? (
          <Center py="xl" role="status" aria-label={t('app.loading')}>
            <Loader />
          </Center>
        ) : query.isError ? (
          <CallErrorAlert title={t('subscription.users.loadError')} error={query.error} />
        ) : (
          <div>
            <UsersTable
              users={query.data.users}
              ownerId={subscription.owner_id}
              ownerBlock={ownerActionBlock(held, subscription.status)}
              adminBlock={adminBlock}
              revoking={revoke.isPending ? (revoke.variables ?? null) : null}
              onAction={onAction}
            />
            <ListPagination
              page={query.data.page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </div>
        )}
      </Stack>
      {dialog?.kind === 'edit' && (
        <EditPermissionsDialog
          subscriptionId={subscription.id}
          user={dialog.user}
          name={dialog.name}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveUserDialog
          subscriptionId={subscription.id}
          user={dialog.user}
          name={dialog.name}
          onClose={() => setDialog(null)}
          onRemoved={stepBackIfLastRow}
        />
      )}
    </>
  );
};
