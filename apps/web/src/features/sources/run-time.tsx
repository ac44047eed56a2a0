import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fromEpochSeconds } from '../../lib/dates.ts';
import { useDates } from '../../lib/use-dates.ts';

/** When a source's background run (an import, a reconciliation) started, or finished once it has. */
export const RunTime = ({ run }: { run: { start_time: number; finish_time: number | null } }) => {
  const { t } = useTranslation();
  const { formatDate, formatTime } = useDates();
  const at = (seconds: number) => {
    const date = fromEpochSeconds(seconds);
    return `${formatDate(date)} ${formatTime(date)}`;
  };
  return (
    <Text size="xs" c="dimmed">
      {run.finish_time === null
        ? t('sources.backfill.startedAt', { time: at(run.start_time) })
        : t('sources.backfill.finishedAt', { time: at(run.finish_time) })}
    </Text>
  );
};
