import { Button, Drawer, Group, ScrollArea, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type FilterDraft, FilterPanelContext, type PickedNames } from './filter-draft';
import { FILTER_HASH } from './hash-panel';
import type { Filters, ListParams } from './list-params';

export type { FilterDraft };
export { FILTER_HASH };

/**
 * The filter panel of a list: open while the URL hash is #filter (the page header's filter button sets
 * it, so the panel survives a reload and Back closes it). The inputs edit a draft; Apply writes it to the
 * URL (page back to 1) and closes; Reset clears every filter and closes. The fields (filter-fields.tsx)
 * reach the draft through FilterPanelContext.
 */
export const FilterDrawer = ({
  opened: allowed = true,
  list,
  title = 'Filters',
  buttons = { reset: 'Reset', apply: 'Apply' },
  children,
}: {
  buttons?: { reset: string; apply: string };
  /** False keeps the panel closed while the hash says open (a lazily loaded panel opens one render late). */
  opened?: boolean;
  list: Pick<ListParams, 'filters' | 'setFilters' | 'resetFilters'>;
  title?: string;
  children: (draft: FilterDraft) => ReactNode;
}) => {
  const location = useLocation();
  const navigate = useNavigate();
  const opened = allowed && location.hash === FILTER_HASH;
  const [values, setValues] = useState<Filters>(list.filters);
  const [names, setNames] = useState<PickedNames>({});

  // Each time the panel opens it starts from the applied filters.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on open, not on every filter change
  useEffect(() => {
    if (opened) setValues(list.filters);
  }, [opened]);

  const close = () =>
    navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });

  const draft: FilterDraft = {
    values,
    set: (name, value) =>
      setValues((prev) => {
        const next = { ...prev } as Record<string, unknown>;
        if (value === undefined || value === null || value === '') delete next[name];
        else next[name] = value;
        return next as Filters;
      }),
  };

  return (
    <Drawer
      opened={opened}
      onClose={close}
      title={title}
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close filters' }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          list.setFilters(values, { hash: '' });
        }}
      >
        <Stack gap="sm">
          <FilterPanelContext.Provider value={{ draft, names, setNames }}>
            {children(draft)}
          </FilterPanelContext.Provider>
          <Group justify="flex-end" mt="md">
            <Button
              variant="default"
              onClick={() => {
                setValues({});
                list.resetFilters({ hash: '' });
              }}
            >
              {buttons.reset}
            </Button>
            <Button type="submit">{buttons.apply}</Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
};
