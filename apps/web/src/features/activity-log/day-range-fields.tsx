import { TextInput } from '@mantine/core';

type DayRange = { fromDay: string; toDay: string };

/** The "from" and "to" day inputs of a log's filters (the activity log's and the audit log's). */
export const DayRangeFields = <Filters extends DayRange>({
  filters,
  onChange,
  fromLabel,
  toLabel,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
  fromLabel: string;
  toLabel: string;
}) => (
  <>
    <TextInput
      type="date"
      label={fromLabel}
      value={filters.fromDay}
      onChange={(event) => onChange({ ...filters, fromDay: event.currentTarget.value })}
    />
    <TextInput
      type="date"
      label={toLabel}
      value={filters.toDay}
      onChange={(event) => onChange({ ...filters, toDay: event.currentTarget.value })}
    />
  </>
);
