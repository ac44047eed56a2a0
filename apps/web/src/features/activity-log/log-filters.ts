import type { ActivityLogStatus, ActivityType, PageSize } from '@billbridge/contract';
import type { LogQuery } from './activity-log-query.ts';

/** What the person chose: days as the date inputs give them (`YYYY-MM-DD`, local), '' for none. */
export type LogFilters = {
  status: ActivityLogStatus | '';
  type: ActivityType | '';
  fromDay: string;
  toDay: string;
};

/** A day range as the date inputs give it. */
export type DayRange = Pick<LogFilters, 'fromDay' | 'toDay'>;

export const noFilters: LogFilters = { status: '', type: '', fromDay: '', toDay: '' };

/** The log's page size until the person picks another. */
export const firstLogPageSize: PageSize = 20;

/** The first second of a local day, or its last with `end`; undefined for no or a malformed day. */
export const dayToSeconds = (day: string, end = false): number | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00`);
  if (Number.isNaN(start.getTime())) return undefined;
  const seconds = Math.floor(start.getTime() / 1000);
  if (!end) return seconds;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return Math.floor(next.getTime() / 1000) - 1;
};

/** The time range chosen, open ends left out. */
export const rangeOf = (filters: DayRange): { from?: number; to?: number } => {
  const from = dayToSeconds(filters.fromDay);
  const to = dayToSeconds(filters.toDay, true);
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
};

/** A range whose end is before its start matches nothing: the page says so instead of asking. */
export const isRangeInverted = (filters: DayRange): boolean => {
  const { from, to } = rangeOf(filters);
  return from !== undefined && to !== undefined && from > to;
};

export const queryOf = (filters: LogFilters, page: number, pageSize: PageSize): LogQuery => ({
  ...(filters.status ? { status: filters.status } : {}),
  ...(filters.type ? { type: filters.type } : {}),
  ...rangeOf(filters),
  page,
  pageSize,
});

/** "Retry all failed" covers the chosen range; an open end reaches back to the start or up to now. */
export const retryRangeOf = (filters: LogFilters, nowSeconds: number): { from: number; to: number } => {
  const { from, to } = rangeOf(filters);
  return { from: from ?? 0, to: to ?? nowSeconds };
};
