import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconLayoutGrid, IconLayoutList } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { readStored, writeStored } from './storage';

export type ListLayout = 'list' | 'grid';

/** Spec 1 §9 / spec 2 §9: list above 768 px wide, grid at or below. */
export const LIST_LAYOUT_BREAKPOINT = 768;

/**
 * On the server, which draws a page's first paint (entry-server.tsx) without a window: its guess from the
 * request (a phone's browser says it is one).
 */
let serverGuessesWide: () => boolean = () => false;
export const setServerWideGuess = (guess: () => boolean) => {
  serverGuessesWide = guess;
};

/** The layout a list starts with when nothing is stored: `fallback` if given, else by window width. */
export const defaultListLayout = (fallback?: ListLayout): ListLayout =>
  fallback ??
  ((import.meta.env.SSR ? serverGuessesWide() : window.innerWidth > LIST_LAYOUT_BREAKPOINT)
    ? 'list'
    : 'grid');

/**
 * A list's list/grid layout, remembered in localStorage under `storageKey` (e.g. 'taskLayout'). Without a
 * stored choice: `fallback` (tasks default to 'grid'), otherwise list on wide screens and grid on phones.
 */
export const useListLayout = (
  storageKey: string,
  fallback?: ListLayout,
): [ListLayout, (layout: ListLayout) => void] => {
  const [layout, setState] = useState<ListLayout>(() => {
    const stored = readStored(storageKey);
    return stored === 'list' || stored === 'grid' ? stored : defaultListLayout(fallback);
  });
  const setLayout = useCallback(
    (next: ListLayout) => {
      setState(next);
      writeStored(storageKey, next);
    },
    [storageKey],
  );
  return [layout, setLayout];
};

/** Two toggle buttons, 'List view' and 'Grid view'; the current one is pressed. */
export const LayoutToggle = ({
  value,
  onChange,
}: {
  value: ListLayout;
  onChange: (layout: ListLayout) => void;
}) => (
  <Group gap={4} role="group" aria-label="Layout">
    {(
      [
        ['list', 'List view', IconLayoutList],
        ['grid', 'Grid view', IconLayoutGrid],
      ] as const
    ).map(([layout, label, Icon]) => (
      <Tooltip key={layout} label={label}>
        <ActionIcon
          size="lg"
          variant={value === layout ? 'filled' : 'default'}
          aria-label={label}
          aria-pressed={value === layout}
          onClick={() => onChange(layout)}
        >
          <Icon size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    ))}
  </Group>
);
