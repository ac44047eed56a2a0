import { useState } from 'react';
import { Button, Collapse, List, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { restrictedKeyPermissions } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { useConnectSourceWithKey } from './source-queries.ts';

/**
 * The second way to connect (issue 36 §3): the permissions to give a restricted key in Stripe's
 * dashboard, and the key, which the server checks permission by permission before keeping it.
 */
export const RestrictedKeyForm = ({
  subscriptionId,
  sourceId,
}: {
  subscriptionId: string;
  sourceId: string;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const connect = useConnectSourceWithKey(subscriptionId, sourceId);
  return (
    <Stack gap="xs">
      <Button variant="light" onClick={() => setOpen((shown) => !shown)} aria-expanded={open} w="fit-content">
        {t('sources.restrictedKey.use')}
      </Button>
      <Collapse expanded={open}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            connect.mutate(key.trim());
          }}
          noValidate
        >
          <Stack>
            <Title order={3} size="h5">
              {t('sources.restrictedKey.title')}
            </Title>
            <Text size="sm">{t('sources.restrictedKey.explain')}</Text>
            <List size="sm" data-testid="restricted-key-permissions">
              {restrictedKeyPermissions.map(({ resource, access }) => (
                <List.Item key={resource}>
                  {t(`sources.restrictedKey.resources.${resource}`)}:{' '}
                  <strong>{t(`sources.restrictedKey.access.${access}`)}</strong>
                </List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed">
              {t('sources.restrictedKey.whyWrite')}
            </Text>
            {connect.isError && (
              <CallErrorAlert title={t('sources.restrictedKey.error')} error={connect.error} />
            )}
            <PasswordInput
              label={t('sources.restrictedKey.label')}
              placeholder={t('sources.restrictedKey.placeholder')}
              autoComplete="off"
              spellCheck={false}
              value={key}
              onChange={(event) => setKey(event.currentTarget.value)}
            />
            <Button type="submit" loading={connect.isPending} disabled={key.trim() === ''} w="fit-content">
              {t('sources.restrictedKey.save')}
            </Button>
          </Stack>
        </form>
      </Collapse>
    </Stack>
  );
};
