import { useTranslation } from 'react-i18next';
import type common from '../../i18n/en/common.ts';

type ServerMessageKey = keyof (typeof common)['serverMessages'];

/** A background run of a source (an import, a reconciliation): its badge colour. */
export const runStatusColor = { running: 'blue', done: 'green', failed: 'red' } as const;

/** The server's reason for a failed run, in the reader's language when it is one of its own texts. */
export const useFailureReason = <K extends ServerMessageKey>(messages: Record<K, string>) => {
  const { t } = useTranslation();
  return (error: string | null) => {
    const key = (Object.keys(messages) as K[]).find((name) => messages[name] === error);
    return key ? t(`serverMessages.${key}`) : (error ?? '');
  };
};
