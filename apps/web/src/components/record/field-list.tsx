import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { orEmpty } from '../list/display';

export type FieldItem = {
  label: string;
  value: ReactNode;
  /** Spans the whole row (long text such as a description). */
  wide?: boolean;
};

/** One label/value pair of a record screen; an empty value shows '-'. Use inside FieldList (a <dl>). */
export const InfoRow = ({ label, value, wide }: FieldItem) => (
  <Box style={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
    <Text component="dt" size="xs" c="dimmed" fw={500}>
      {label}
    </Text>
    <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'break-word' }}>
      {orEmpty(value)}
    </Box>
  </Box>
);

/**
 * Label/value pairs of a record as a description list, in as many columns as fit (one on phones).
 * Give `items`, or InfoRow children.
 */
export const FieldList = ({
  items,
  children,
  minColumnWidth = 200,
}: {
  items?: readonly FieldItem[];
  children?: ReactNode;
  minColumnWidth?: number;
}) => (
  <Box
    component="dl"
    m={0}
    style={{
      display: 'grid',
      gridTemplateColumns: `repeat(auto-fill, minmax(min(${minColumnWidth}px, 100%), 1fr))`,
      gap: 'var(--mantine-spacing-md)',
    }}
  >
    {items?.map((item) => (
      <InfoRow key={item.label} {...item} />
    ))}
    {children}
  </Box>
);
