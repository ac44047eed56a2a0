import type { ActivitySummary, ActivityType } from '@billbridge/contract';

/** One colour per event type, the same on the chart and in the filter. */
export const typeColors: Record<ActivityType, string> = {
  customer: 'blue.6',
  subscription: 'violet.6',
  invoice: 'teal.6',
  payment: 'green.6',
  product: 'orange.6',
  account: 'grape.6',
  other: 'gray.6',
};

/** The series drawn with nothing selected (spec §4 "dashboard chart": a zero series). */
export const zeroSeries = 'none';

/** Spec §4: toggling a type adds it to the selection or removes it. */
export const toggleType = (selected: readonly ActivityType[], type: ActivityType): ActivityType[] =>
  selected.includes(type) ? selected.filter((entry) => entry !== type) : [...selected, type];

/**
 * What the chart draws: the selected types in the summary's order, each day's counts for them, or
 * one zero series on every day when none is selected.
 */
export const chartOf = (
  summary: ActivitySummary,
  selected: readonly ActivityType[],
): { series: string[]; data: Record<string, string | number>[] } => {
  const series = summary.eventTypes.filter((type) => selected.includes(type));
  if (series.length === 0) {
    return { series: [zeroSeries], data: summary.dailyData.map(({ date }) => ({ date, [zeroSeries]: 0 })) };
  }
  const data = summary.dailyData.map((day) => ({
    date: day.date,
    ...Object.fromEntries(series.map((type) => [type, day[type] ?? 0])),
  }));
  return { series, data };
};
