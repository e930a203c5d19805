import { Box, Checkbox, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { selectControlProps, useRecordActivation } from './record-table';
import type { Selection } from './selection';

export type RecordGridProps<T> = {
  rows: readonly T[];
  getId: (row: T) => string;
  /** A short name of the record for labels ('Select <label>'). */
  getLabel: (row: T) => string;
  /** The card of one record (e.g. a Mantine Card). Links inside it work outside selection mode. */
  renderCard: (row: T) => ReactNode;
  /** Opens a record on a click or Enter anywhere on its card (leave out if the card links by itself). */
  onOpen?: (row: T) => void;
  selection?: Selection;
  /** The grid's accessible name, e.g. 'Tasks'. */
  label: string;
  cols?: SimpleGridProps['cols'];
};

/**
 * The grid layout of a record list: one card per record, 1 column on phones up to 3 on wide screens. In
 * selection mode every card carries a checkbox and a click anywhere on it toggles it (inner links do not
 * navigate then).
 */
export const RecordGrid = <T,>({
  rows,
  getId,
  getLabel,
  renderCard,
  onOpen,
  selection,
  label,
  cols = { base: 1, sm: 2, lg: 3 },
}: RecordGridProps<T>) => {
  const activation = useRecordActivation({ selection, onOpen, getId });
  return (
    <SimpleGrid cols={cols} spacing="md" role="list" aria-label={label}>
      {rows.map((row) => {
        const id = getId(row);
        const checked = Boolean(activation.selecting && selection?.isSelected(id));
        return (
          <Box
            key={id}
            role="listitem"
            pos="relative"
            {...activation.props(row)}
            data-selected={checked || undefined}
            style={{
              cursor: activation.interactive ? 'pointer' : undefined,
              borderRadius: 'var(--mantine-radius-md)',
              outline: checked ? '2px solid var(--mantine-primary-color-filled)' : undefined,
              outlineOffset: 2,
              height: '100%',
            }}
          >
            {activation.selecting && selection && (
              <Checkbox
                wrapperProps={selectControlProps}
                aria-label={`Select ${getLabel(row)}`}
                checked={checked}
                onChange={(e) => selection.toggle(id, e.currentTarget.checked)}
                style={{ position: 'absolute', top: 10, right: 10, zIndex: 1 }}
              />
            )}
            {renderCard(row)}
          </Box>
        );
      })}
    </SimpleGrid>
  );
};
