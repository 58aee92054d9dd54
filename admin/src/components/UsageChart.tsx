import { Box, Typography } from '@strapi/design-system';
import { useEffect, useRef } from 'react';
import styled, { useTheme } from 'styled-components';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartLine {
  label: string;
  /** One per time; null: nothing to show there (no request to take a rate or latency of). */
  values: Array<number | null>;
}

/** The legend and axis labels in the design system's text colour, so they read in the light and dark themes. */
const Plot = styled.div`
  color: ${({ theme }) => theme.colors.neutral800};
  .u-legend {
    font-size: ${({ theme }) => theme.fontSizes[1]};
  }
`;

/**
 * A time series chart (uPlot) of `lines` over `times`, coloured from the design system's theme tokens and
 * redrawn when the theme changes; it takes its container's width, following it as it resizes. `format` writes
 * the values on the axis and in the legend. Callers keep `times`, `lines` and `format` stable between renders
 * (memoized): a new one redraws the chart.
 */
export const UsageChart = ({
  title,
  times,
  lines,
  format,
  height = 220,
}: {
  title: string;
  times: string[];
  lines: ChartLine[];
  format: (value: number) => string;
  height?: number;
}) => {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const { colors } = theme;
    const palette = [
      colors.primary600,
      colors.danger600,
      colors.success600,
      colors.warning600,
      colors.secondary600,
      colors.alternative600,
      colors.neutral500,
      colors.primary200,
    ];
    const axis: uPlot.Axis = {
      stroke: colors.neutral600,
      grid: { stroke: colors.neutral150, width: 1 },
      ticks: { stroke: colors.neutral150, width: 1 },
    };
    const show = (value: number | null | undefined) => (value === null || value === undefined ? '–' : format(value));
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height,
        scales: {
          x: { time: true },
          // Counts, shares and latencies are never negative: the axis starts at 0, so that a single value (one
          // hour with requests) is drawn against a scale rather than one of its own repeated.
          y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        series: [
          {},
          ...lines.map((line, i) => ({
            label: line.label,
            stroke: palette[i % palette.length],
            width: 2,
            points: { show: times.length < 50, fill: colors.neutral0 },
            value: (_chart: uPlot, value: number | null) => show(value),
          })),
        ],
        axes: [axis, { ...axis, size: 64, values: (_chart, ticks) => ticks.map(show) }],
      },
      [times.map((time) => Date.parse(time) / 1000), ...lines.map((line) => line.values)],
      element
    );
    const resized = new ResizeObserver(([entry]) => chart.setSize({ width: entry.contentRect.width, height }));
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [theme, times, lines, format, height]);
  return (
    <Box>
      <Typography variant="delta" tag="h2">
        {title}
      </Typography>
      <Plot ref={box} role="img" aria-label={title} />
    </Box>
  );
};
