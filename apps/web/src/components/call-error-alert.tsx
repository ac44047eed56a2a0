import { Alert } from '@mantine/core';
import { useErrorMessage } from '../lib/use-error-message.ts';

/** A failed call: the screen's message key as title, the translated reason of its error code below. */
export const CallErrorAlert = ({ title, error }: { title: string; error: unknown }) => {
  const errorMessage = useErrorMessage();
  return (
    <Alert color="red" role="alert" title={title}>
      {errorMessage(error)}
    </Alert>
  );
};
