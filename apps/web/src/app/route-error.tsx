import { Component, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a route fails to render or its chunk fails to load (typically a deploy replaced the
 * files under an open tab); a reload fetches the new ones.
 */
const RouteError = ({ error }: { error: unknown }) => {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center">
        <Title order={3}>{t('errors.unknown')}</Title>
        <Text c="dimmed">{error instanceof Error ? error.message : null}</Text>
        <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
      </Stack>
    </Center>
  );
};

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { pathname: string; failed: { error: unknown } | null };

/** Catches what any route throws; going to another address tries again. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname, failed: null };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: null };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: { error } };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.failed.error} /> : this.props.children;
  }
}
