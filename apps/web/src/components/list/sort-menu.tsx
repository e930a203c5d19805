import { Button, Menu } from '@mantine/core';
import { IconArrowsSort, IconCheck, IconSortAscending, IconSortDescending, IconX } from '@tabler/icons-react';
import type { SortOrder } from './list-params';

export type SortOption = { value: string; label: string };

/**
 * Sort menu: pick a field (again to flip between ascending and descending) or Clear. The button shows
 * the current field and direction.
 */
export const SortMenu = ({
  options,
  sortBy,
  sortOrder,
  onChange,
}: {
  options: readonly SortOption[];
  sortBy?: string;
  sortOrder: SortOrder;
  onChange: (sortBy: string | undefined, sortOrder?: SortOrder) => void;
}) => {
  const current = options.find((o) => o.value === sortBy);
  const DirIcon = sortOrder === 'asc' ? IconSortAscending : IconSortDescending;
  const direction = sortOrder === 'asc' ? 'ascending' : 'descending';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={current ? <DirIcon size={16} aria-hidden /> : <IconArrowsSort size={16} aria-hidden />}
          aria-label={current ? `Sorted by ${current.label}, ${direction}. Change sort` : 'Sort'}
        >
          {current ? current.label : 'Sort'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Sort by</Menu.Label>
        {options.map((o) => {
          const active = o.value === sortBy;
          return (
            <Menu.Item
              key={o.value}
              leftSection={active ? <DirIcon size={14} aria-hidden /> : <span style={{ width: 14 }} />}
              rightSection={active ? <IconCheck size={14} aria-hidden /> : null}
              onClick={() => onChange(o.value, active ? (sortOrder === 'asc' ? 'desc' : 'asc') : 'asc')}
              aria-label={active ? `${o.label} (${direction}, choose to reverse)` : o.label}
            >
              {o.label}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconX size={14} aria-hidden />}
          disabled={!sortBy}
          onClick={() => onChange(undefined)}
        >
          Clear
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
