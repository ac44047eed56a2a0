import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppError } from '@billbridge/contract';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useErrorMessage } from '../../lib/use-error-message.ts';

type ConnectionDetailFrameProps<T> = {
  query: UseQueryResult<T>;
  /** The list page, and the link's text. */
  backTo: string;
  backLabel: string;
  notFoundMessage: string;
  maxWidth: number;
  children: (data: T) => ReactNode;
};

/**
 * A source or destination detail page's frame: the way back to the list, a spinner while loading,
 * the spec's not-found message (or the call's error), then the page itself, in a render React
 * slices rather than in the answer's own (decision 080).
 */
export const ConnectionDetailFrame = <T,>({
  query,
  backTo,
  backLabel,
  notFoundMessage,
  maxWidth,
  children,
}: ConnectionDetailFrameProps<T>) => {
  const errorMessage = useErrorMessage();
  if (query.isPending) return <SectionLoader />;
  const back = (
    <Button component={Link} to={backTo} variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0}>
      {backLabel}
    </Button>
  );
  if (query.isError) {
    const notFound = query.error instanceof AppError && query.error.code === 'not-found';
    return (
      <Stack maw={maxWidth} align="flex-start">
        {back}
        <Alert color={notFound ? 'yellow' : 'red'} role="alert" w="100%">
          {notFound ? notFoundMessage : errorMessage(query.error)}
        </Alert>
      </Stack>
    );
  }
  return (
    <AfterFirstPaint fallback={<SectionLoader />}>
      <Stack maw={maxWidth}>
        {back}
        {children(query.data)}
      </Stack>
    </AfterFirstPaint>
  );
};
