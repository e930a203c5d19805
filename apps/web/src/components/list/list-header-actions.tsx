import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconColumns3, IconDots, IconFilter, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BlockedAction } from '../permissions/blocked-action';
import type { CreateMenuAction, ListMenuAction } from './record-list-types';
import { SearchPaletteButton } from './search-palette';

/**
 * The page header's actions of a list: the search button, the … menu (the list's own entries, Filter on
 * phones, Column Arrangement), the create link, and greyed create buttons the user holds but cannot finish.
 */
export const ListHeaderActions = ({
  resource,
  search,
  menu,
  onFilter,
  onColumns,
  createLink,
  blocked,
}: {
  resource: string;
  search?: { title: string; onOpen: () => void };
  menu: readonly ListMenuAction[];
  /** Opens the filter panel; none: the list has no filters. */
  onFilter?: () => void;
  /** Opens the column dialog; none: the list has no table. */
  onColumns?: () => void;
  createLink?: { label: string; to: string };
  blocked: readonly Pick<CreateMenuAction, 'label' | 'needs'>[];
}) => (
  <>
    {search && <SearchPaletteButton tooltip={search.title} onOpen={search.onOpen} />}
    {(onColumns || menu.length > 0) && (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="More options"
            hiddenFrom={menu.length ? undefined : 'sm'}
          >
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {menu.map((entry) =>
            'to' in entry ? (
              <Menu.Item key={entry.label} leftSection={entry.icon} component={Link} to={entry.to}>
                {entry.label}
              </Menu.Item>
            ) : (
              <Menu.Item key={entry.label} leftSection={entry.icon} onClick={entry.onClick}>
                {entry.label}
              </Menu.Item>
            ),
          )}
          {onFilter && (
            <Menu.Item leftSection={<IconFilter size={14} aria-hidden />} onClick={onFilter} hiddenFrom="sm">
              Filter
            </Menu.Item>
          )}
          {onColumns && (
            <Menu.Item leftSection={<IconColumns3 size={14} aria-hidden />} onClick={onColumns}>
              Column Arrangement
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    )}
    {createLink && (
      <Button component={Link} to={createLink.to} leftSection={<IconPlus size={16} aria-hidden />}>
        {createLink.label}
      </Button>
    )}
    {blocked.map((a) => (
      <BlockedAction key={a.label} resource={resource} action={a.needs ?? 'create'} label={a.label} />
    ))}
  </>
);
