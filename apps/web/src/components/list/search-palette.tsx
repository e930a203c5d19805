import { Button, Kbd, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export type PaletteItem = { id: string; label: string; description?: string; image?: string | null };

/** Ctrl+K (and Cmd+K on a Mac) calls `onOpen`, also from inside text boxes. */
export const useSearchPaletteHotkey = (onOpen: () => void, enabled = true) =>
  useHotkeys(
    enabled
      ? [
          ['ctrl+K', onOpen],
          ['meta+K', onOpen],
        ]
      : [],
    [],
  );

/** The header button that opens a list's search palette; `tooltip` names what it searches. */
export const SearchPaletteButton = ({ tooltip, onOpen }: { tooltip: string; onOpen: () => void }) => (
  <Tooltip label={`${tooltip} (Ctrl+K)`}>
    <Button
      variant="default"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        <Kbd size="xs" visibleFrom="sm">
          Ctrl K
        </Kbd>
      }
      onClick={onOpen}
      aria-keyshortcuts="Control+K Meta+K"
    >
      Search
    </Button>
  </Tooltip>
);

export type SearchPaletteProps<T> = {
  opened: boolean;
  onClose: () => void;
  title: string;
  placeholder?: string;
  queryKey: (text: string) => QueryKey;
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  toItem: (result: T) => PaletteItem;
  onSelect: (result: T) => void;
  emptyText: string;
  /** Announced while a search runs. */
  loadingText?: string;
  footer?: ReactNode;
};
