import { Box, Group, Paper, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';

// Plain SVG and CSS charts, no chart library (as the CRM dashboard's bar-chart.tsx). Each chart is drawn for
// the eye only: the same numbers are in the table beside it, which is what a screen reader reads and what a
// manager copies.

export const WON_COLOUR = 'var(--mantine-color-teal-7)';
export const LOST_COLOUR = 'var(--mantine-color-red-7)';

/** A titled panel: the chart and its table side by side on a wide screen, one under the other on a phone. */
export const ChartPanel = ({
  title,
  description,
  chart,
  table,
  empty,
}: {
  title: string;
  description?: string;
  chart: ReactNode;
  table: ReactNode;
  /** Said instead of the chart when there is nothing to draw. */
  empty?: string | null;
}) => (
  <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
    <Title order={3} size="h5">
      {title}
    </Title>
    {description && (
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    )}
    {empty ? (
      <Text size="sm" c="dimmed" mt="xs">
        {empty}
      </Text>
    ) : (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="sm">
        <Box aria-hidden style={{ minWidth: 0 }}>
          {chart}
        </Box>
        <Box style={{ minWidth: 0 }}>{table}</Box>
      </SimpleGrid>
    )}
  </Paper>
);

/** The numbers of a chart as a table; its caption names the chart for a screen reader. */
export const NumbersTable = ({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) => (
  <Table.ScrollContainer minWidth={280}>
    <Table striped verticalSpacing={4} fz="sm">
      <VisuallyHidden component="caption">{caption}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          {head.map((h, i) => (
            <Table.Th key={h} ta={i ? 'right' : undefined} scope="col">
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            {head.map((h, i) =>
              i === 0 ? (
                <Table.Th key={h} scope="row" fw={400}>
                  {r.cells[i]}
                </Table.Th>
              ) : (
                <Table.Td key={h} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {r.cells[i]}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

export const Legend = ({ items }: { items: { label: string; colour: string }[] }) => (
  <Group gap="md" mb={4}>
    {items.map((i) => (
      <Group key={i.label} gap={6}>
        <Box w={12} h={12} style={{ background: i.colour, borderRadius: 2 }} />
        <Text size="xs">{i.label}</Text>
      </Group>
    ))}
  </Group>
);

const HEIGHT = 180;
const TOP = 18;
const BOTTOM = 34;
const PLOT = HEIGHT - TOP - BOTTOM;

/** Two bars per column (won, lost), positions in percent so the chart takes any width, a phone's too. */
export const PairedBarChart = ({
  title,
  columns,
}: {
  title: string;
  columns: { key: string; label: string; sublabel?: string; won: number; lost: number }[];
}) => {
  const id = useId();
  const max = Math.max(1, ...columns.flatMap((c) => [c.won, c.lost]));
  const slot = 100 / Math.max(1, columns.length);
  const bar = (value: number, i: number, side: 0 | 1, colour: string) => {
    const h = value === 0 ? 0 : Math.max(2, Math.round((value / max) * PLOT));
    return (
      <rect
        key={`${id}-${i}-${side}`}
        x={`${(i + 0.12 + side * 0.38) * slot}%`}
        width={`${slot * 0.36}%`}
        y={TOP + PLOT - h}
        height={h}
        rx={2}
        fill={colour}
      />
    );
  };
  return (
    <>
      <Legend
        items={[
          { label: 'Won', colour: WON_COLOUR },
          { label: 'Lost', colour: LOST_COLOUR },
        ]}
      />
      <svg width="100%" height={HEIGHT} style={{ display: 'block', overflow: 'visible' }}>
        <title>{title}</title>
        <line
          x1="0"
          x2="100%"
          y1={TOP + PLOT + 0.5}
          y2={TOP + PLOT + 0.5}
          stroke="var(--mantine-color-default-border)"
        />
        {columns.map((c, i) => (
          <g key={c.key}>
            {bar(c.won, i, 0, WON_COLOUR)}
            {bar(c.lost, i, 1, LOST_COLOUR)}
            <text
              x={`${(i + 0.5) * slot}%`}
              y={TOP + PLOT + 14}
              textAnchor="middle"
              fontSize={10}
              fill="var(--mantine-color-text)"
            >
              {c.label}
            </text>
            {c.sublabel && (
              <text
                x={`${(i + 0.5) * slot}%`}
                y={TOP + PLOT + 27}
                textAnchor="middle"
                fontSize={9}
                fill="var(--mantine-color-dimmed)"
              >
                {c.sublabel}
              </text>
            )}
          </g>
        ))}
      </svg>
    </>
  );
};

/** Horizontal bars with their labels and values: fits a long name (a competitor, a reason) on a phone. */
export const HorizontalBars = ({
  rows,
}: {
  rows: { key: string; label: string; value: number; text: string; colour?: string }[];
}) => {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <Box>
      {rows.map((r) => (
        <Box key={r.key} mb={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" truncate style={{ minWidth: 0 }}>
              {r.label}
            </Text>
            <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {r.text}
            </Text>
          </Group>
          <Box h={8} bg="var(--mantine-color-default-border)" style={{ borderRadius: 4 }}>
            <Box
              h={8}
              w={`${(r.value / max) * 100}%`}
              bg={r.colour ?? LOST_COLOUR}
              style={{ borderRadius: 4, minWidth: r.value > 0 ? 2 : 0 }}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
};

/** Won and lost of one group side by side as one stacked bar (won from the left), with the win rate. */
export const WinRateBars = ({
  rows,
}: {
  rows: { key: string; label: string; won: number; lost: number; text: string }[];
}) => {
  const max = Math.max(1, ...rows.map((r) => r.won + r.lost));
  return (
    <Box>
      <Legend
        items={[
          { label: 'Won', colour: WON_COLOUR },
          { label: 'Lost', colour: LOST_COLOUR },
        ]}
      />
      {rows.map((r) => (
        <Box key={r.key} mb={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" truncate style={{ minWidth: 0 }}>
              {r.label}
            </Text>
            <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {r.text}
            </Text>
          </Group>
          <Group gap={0} h={8} wrap="nowrap">
            <Box h={8} w={`${(r.won / max) * 100}%`} bg={WON_COLOUR} />
            <Box h={8} w={`${(r.lost / max) * 100}%`} bg={LOST_COLOUR} />
          </Group>
        </Box>
      ))}
    </Box>
  );
};
