import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubscriptionUser } from '@billbridge/contract';
import { GuardedButton } from './guarded-button.tsx';
import { rowActions, shownPermissions } from './member-rules.ts';
import type { OwnerActionBlock } from './owner-action.ts';
import { PermissionBadges } from './permission-badges.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';

export type UserAction = { kind: 'edit' | 'remove' | 'revoke'; user: SubscriptionUser; name: string };

type UsersTableProps = {
  users: SubscriptionUser[];
  ownerId: string;
  /** Why edit and remove are disabled for the viewer, if they are. */
  ownerBlock: OwnerActionBlock;
  /** Why revoke is disabled, if it is. */
  adminBlock: OwnerActionBlock;
  revoking: string | null;
  onAction: (action: UserAction) => void;
};

const RowActions = ({
  user,
  name,
  ownerId,
  ownerBlock,
  adminBlock,
  revoking,
  onAction,
}: Omit<UsersTableProps, 'users'> & { user: SubscriptionUser; name: string }) => {
  const { t } = useTranslation();
  const actions = rowActions(user, ownerId);
  if (actions === 'revoke') {
    return (
      <GuardedButton
        block={adminBlock}
        size="xs"
        variant="light"
        color="red"
        loading={revoking === user.invite_id}
        aria-label={`${t('members.revoke')}: ${user.email}`}
        onClick={() => onAction({ kind: 'revoke', user, name })}
      >
        {t('members.revoke')}
      </GuardedButton>
    );
  }
  if (actions === 'none') return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <GuardedButton
        block={ownerBlock}
        size="xs"
        variant="light"
        aria-label={`${t('members.edit')}: ${user.email}`}
        onClick={() => onAction({ kind: 'edit', user, name })}
      >
        {t('members.edit')}
      </GuardedButton>
      <GuardedButton
        block={ownerBlock}
        size="xs"
        variant="light"
        color="red"
        aria-label={`${t('members.remove')}: ${user.email}`}
        onClick={() => onAction({ kind: 'remove', user, name })}
      >
        {t('members.remove')}
      </GuardedButton>
    </Group>
  );
};

/** Spec §2 "Users list": name, e-mail, permissions, status and actions of members and invitees. */
export const UsersTable = ({ users, ...rest }: UsersTableProps) => {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={720} label={t('nav.users')}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('members.name')}</Table.Th>
            <Table.Th>{t('members.email')}</Table.Th>
            <Table.Th>{t('members.permissions')}</Table.Th>
            <Table.Th>{t('members.status')}</Table.Th>
            <Table.Th>{t('members.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed">{t('members.empty')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {users.map((user) => {
            const name = user.display_name.trim() || t('members.unnamed');
            return (
              <Table.Tr key={`${user.status}:${user.id}`}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">{name}</Text>
                    {user.status === 'active' && user.id === rest.ownerId && (
                      <Badge size="sm" color="violet">
                        {t('members.owner')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.email}</Text>
                </Table.Td>
                <Table.Td>
                  <PermissionBadges permissions={shownPermissions(user)} />
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={user.status === 'active' ? 'green' : 'yellow'}>
                    {user.status === 'active' ? t('members.statusActive') : t('members.statusPending')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <RowActions user={user} name={name} {...rest} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
};
