import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCreditCard, IconPlus } from '@tabler/icons-react';
import { generatePath } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes, type PaymentMethod } from '@billbridge/contract';
import { CallErrorAlert } from '../../components/call-error-alert.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useGoBack } from '../../lib/use-go-back.ts';
import { useCurrentSubscription } from '../subscriptions/subscription-context.ts';
import { formatCardExpiry } from './billing-formats.ts';
import {
  useDeleteCard,
  usePaymentMethods,
  useRefreshPaymentMethods,
  useSetDefaultCard,
} from './billing-queries.ts';
import { usePaymentMessage } from './payment-error.ts';

const CardForm = lazy(() => import('./card-form.tsx').then((m) => ({ default: m.CardForm })));

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

type TileProps = {
  method: PaymentMethod;
  busy: boolean;
  onSetDefault: () => void;
  onDelete: () => void;
};

/** Spec §2: brand, last four digits, expiry MM/YY and the default badge; actions on the others. */
const CardTile = ({ method, busy, onSetDefault, onDelete }: TileProps) => {
  const { t } = useTranslation();
  const { brand, last4, exp_month, exp_year } = method.card;
  const name = t('billing.cards.endingIn', { brand: brandName(brand), last4 });
  return (
    <Card withBorder radius="md" p="md" component="article" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconCreditCard size={20} aria-hidden />
            <Text fw={600}>{brandName(brand)}</Text>
          </Group>
          {method.isDefault && <Badge color="blue">{t('billing.cards.default')}</Badge>}
        </Group>
        <Text ff="monospace">•••• {last4}</Text>
        <Text size="sm" c="dimmed">
          {t('billing.cards.expires', { expiry: formatCardExpiry(exp_month, exp_year) })}
        </Text>
        {!method.isDefault && (
          <Group gap="xs">
            <Button size="xs" variant="light" disabled={busy} onClick={onSetDefault}>
              {t('billing.cards.setDefault')}
            </Button>
            <Button size="xs" variant="light" color="red" disabled={busy} onClick={onDelete}>
              {t('billing.cards.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
};

/** Spec §2 "Payment methods": the workspace's cards as tiles, add a card, set the default, delete. */
export const PaymentMethodsPage = () => {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const paymentMessage = usePaymentMessage();
  const { subscription } = useCurrentSubscription();
  const methods = usePaymentMethods(subscription.id);
  const refresh = useRefreshPaymentMethods(subscription.id);
  const setDefault = useSetDefaultCard(subscription.id);
  const remove = useDeleteCard(subscription.id);
  const [adding, setAdding] = useState(false);
  const busy = setDefault.isPending || remove.isPending;
  const failure = setDefault.isError
    ? paymentMessage(setDefault.error, t('billing.setDefaultError'))
    : remove.isError
      ? paymentMessage(remove.error, t('billing.deleteCardError'))
      : null;

  let body;
  if (methods.isPending) body = <SectionLoader />;
  else if (methods.isError)
    body = <CallErrorAlert title={t('billing.paymentMethodsError')} error={methods.error} />;
  else if (methods.data.length === 0) body = <Text c="dimmed">{t('billing.cards.empty')}</Text>;
  else
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {methods.data.map((method) => (
          <CardTile
            key={method.id}
            method={method}
            busy={busy}
            onSetDefault={() => {
              remove.reset();
              setDefault.mutate(method.id);
            }}
            onDelete={() => {
              setDefault.reset();
              remove.mutate(method.id);
            }}
          />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack maw={720}>
      <PageTitle pageKey="managePaymentMethods" />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {body}
      {adding ? (
        <Card withBorder radius="md" p="lg">
          <Suspense fallback={<SectionLoader />}>
            <CardForm
              subscriptionId={subscription.id}
              onSaved={() => {
                setAdding(false);
                void refresh();
              }}
              onCancel={() => setAdding(false)}
            />
          </Suspense>
        </Card>
      ) : (
        <Group>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('billing.cards.add')}
          </Button>
        </Group>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => goBack(generatePath(routes.billing, { id: subscription.id }))}
        >
          {t('billing.back')}
        </Button>
      </Group>
    </Stack>
  );
};
