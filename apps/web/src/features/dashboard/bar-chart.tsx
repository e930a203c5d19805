import { Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';

export type Bar = {
  key: string;
  /** Under the bar (short: a day number, a status). */
  label: string;
  /** A second, dimmer line under the label (a weekday), optional. */
  sublabel?: string;
  /** What a screen reader and the hover hint say for this bar, e.g. 'Wednesday 11 March'. */
  name: string;
  value: number;
  /** Draw this bar in the strong colour (today). */
  highlight?: boolean;
  /** Draw this bar in red (overdue work). */
  alert?: boolean;
};

const HEIGHT = 168;
const TOP = 20;
const BOTTOM = 36;
const PLOT = HEIGHT - TOP - BOTTOM;

/**
 * A bar chart in plain SVG, no chart library: horizontal positions in percent so the bars share any width
 * (a phone's too) while the text keeps its size. It is one image to assistive technology, named by its
 * title and described by every bar's name and value; each bar also has a hover hint.
 */
export const BarChart = ({
  title,
  unit,
  bars,
}: {
  title: string;
  /** The counted thing, singular and plural: ['follow-up', 'follow-ups']. */
  unit: [string, string];
  bars: Bar[];
}) => {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = 100 / Math.max(1, bars.length);
  const said = (b: Bar) => `${b.name}: ${b.value} ${b.value === 1 ? unit[0] : unit[1]}`;
  const total = bars.reduce((n, b) => n + b.value, 0);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {total === 0 && (
        <Text size="sm" c="dimmed" mb="xs">
          Nothing to show yet.
        </Text>
      )}
      <svg
        width="100%"
        height={HEIGHT}
        role="img"
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-desc`}
        style={{ display: 'block', overflow: 'visible' }}
      >
        <title id={`${id}-name`}>{title}</title>
        <desc id={`${id}-desc`}>{bars.map(said).join('; ')}</desc>
        <line
          x1="0"
          x2="100%"
          y1={TOP + PLOT + 0.5}
          y2={TOP + PLOT + 0.5}
          stroke="var(--mantine-color-default-border)"
        />
        {bars.map((b, i) => {
          const h = b.value === 0 ? 0 : Math.max(2, Math.round((b.value / max) * PLOT));
          const centre = `${(i + 0.5) * slot}%`;
          return (
            <g key={b.key}>
              <title>{said(b)}</title>
              <rect
                x={`${(i + 0.18) * slot}%`}
                width={`${slot * 0.64}%`}
                y={TOP + PLOT - h}
                height={h}
                rx={3}
                fill={
                  b.alert
                    ? 'var(--mantine-color-red-8)'
                    : b.highlight
                      ? 'var(--mantine-primary-color-filled)'
                      : 'var(--mantine-primary-color-4)'
                }
              />
              <text
                x={centre}
                y={TOP + PLOT - h - 5}
                textAnchor="middle"
                fontSize={11}
                fontWeight={600}
                fill="var(--mantine-color-text)"
              >
                {b.value}
              </text>
              <text
                x={centre}
                y={TOP + PLOT + 15}
                textAnchor="middle"
                fontSize={11}
                fill="var(--mantine-color-text)"
              >
                {b.label}
              </text>
              {b.sublabel && (
                <text
                  x={centre}
                  y={TOP + PLOT + 29}
                  textAnchor="middle"
                  fontSize={10}
                  fill="var(--mantine-color-dimmed)"
                >
                  {b.sublabel}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Paper>
  );
};
