import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findPlan, maxSettingStringLength, routes, visibleSettingDefinitions } from '@billbridge/contract';
import { PageTitle } from '../../components/page-title.tsx';
import { configKey } from '../../i18n/config-keys.ts';
import { call } from '../../lib/call.ts';
import { redirectDelays, useRedirectAfter } from '../accounts/redirect-delays.ts';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { mySubscriptionsQueryKey, subscriptionQueryKey } from '../subscriptions/subscription-query.ts';
import { initialSettingsValues, isMissing, settingsToSave, type SettingsValues } from './settings-values.ts';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { TwoFactorRequirement } from './two-factor-requirement.tsx';

/**
 * Spec §2 "Subscription settings": a form built from the configured definitions (label, type,
 * placeholder, required), saved directly; success shows success.saved and returns to the workspace.
 */
export const SettingsPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const redirectAfter = useRedirectAfter();
  const { subscription } = useCurrentSubscription();
  const definitions = visibleSettingDefinitions(findPlan(subscription.plan_id)?.free ?? false);
  const [saved, setSaved] = useState(false);
  const form = useForm<SettingsValues>({
    initialValues: initialSettingsValues(definitions, subscription.settings),
    validate: Object.fromEntries(
      definitions.map((definition) => [
        definition.key,
        (value: string | number) => (isMissing(definition, value) ? t('settings.required') : null),
      ]),
    ),
  });
  const save = useMutation({
    mutationFn: (values: SettingsValues) =>
      call('updateSubscriptionSettings', {
        subscriptionId: subscription.id,
        settings: settingsToSave(definitions, values),
      }),
    onSuccess: async () => {
      setSaved(true);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionQueryKey(subscription.id) }),
        queryClient.invalidateQueries({ queryKey: mySubscriptionsQueryKey }),
      ]);
      redirectAfter(
        generatePath(routes.subscription, { id: subscription.id }),
        redirectDelays.afterInviteOrSettingsSave,
      );
    },
  });

  return (
    <Stack maw={560}>
      <PageTitle pageKey="settings" />
      <Card withBorder radius="md" p="lg">
        <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
          <Stack>
            {saved && (
              <Alert color="green" role="status">
                {t('success.saved')}
              </Alert>
            )}
            {save.isError && <CallErrorAlert title={t('error.updateFailed')} error={save.error} />}
            {definitions.map((definition) => {
              const common = {
                label: t(configKey(definition.labelKey)),
                placeholder: t(configKey(definition.placeholderKey)),
                required: definition.required,
                ...form.getInputProps(definition.key),
              };
              return definition.type === 'number' ? (
                <NumberInput key={form.key(definition.key)} {...common} />
              ) : (
                <TextInput key={form.key(definition.key)} {...common} maxLength={maxSettingStringLength} />
              );
            })}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={saved}>
                {t('settings.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <TwoFactorRequirement />
    </Stack>
  );
};
