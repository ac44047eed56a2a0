import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ActivitySummary, ActivityType } from '@billbridge/contract';
import { useLanguage } from '../../i18n/use-language.ts';
import type { Language } from '../../i18n/languages.ts';
import { chartOf, typeColors, zeroSeries } from './chart-series.ts';

const dayFormats: Record<Language, string> = { en: 'MMM D', zh: 'M月D日' };

/** A 12 px label slanted 45° needs about 20 px along the axis before the next one may start. */
const pixelsPerLabel = 20;
/** The y axis's labels take this much of the chart's width. */
const yAxisWidth = 60;

/**
 * Every how many days a label is skipped, from the chart's width. Recharts can work this out
 * itself, but by measuring every label's text in the page: half a second of a phone's main thread.
 */
const labelInterval = (days: number, width: number) =>
  width > yAxisWidth ? Math.max(0, Math.ceil((days * pixelsPerLabel) / (width - yAxisWidth)) - 1) : 0;

/**
 * Spec §9 "Chart": stacked columns by day, 350 px high, x labels slanted 45°, no legend. Its own
 * chunk: recharts loads only with the dashboard.
 */
export const ActivityChart = ({
  summary,
  selected,
}: {
  summary: ActivitySummary;
  selected: readonly ActivityType[];
}) => {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { series, data } = chartOf(summary, selected);
  const { ref, width } = useElementSize();
  return (
    <Box ref={ref}>
      <BarChart
        h={350}
        data={data}
        dataKey="date"
        type="stacked"
        withLegend={false}
        tickLine="y"
        // A tick of our own: Mantine's default tick carries a transform that cancels recharts' angle.
        xAxisProps={{
          angle: -45,
          textAnchor: 'end',
          height: 60,
          interval: labelInterval(data.length, width),
          tick: { fontSize: 12, fill: 'currentColor' },
          tickFormatter: (day: string) => dayjs(day).format(dayFormats[language]),
        }}
        yAxisProps={{ allowDecimals: false }}
        series={series.map((name) =>
          name === zeroSeries
            ? { name, label: t('dashboard.summary.noTypes'), color: 'gray.4' }
            : {
                name,
                label: t(`dashboard.types.${name as ActivityType}`),
                color: typeColors[name as ActivityType],
              },
        )}
      />
    </Box>
  );
};

export default ActivityChart;
