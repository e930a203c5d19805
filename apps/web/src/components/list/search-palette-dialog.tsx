import { Avatar, Group, Kbd, Loader, Modal, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { messageOf } from '../../lib/notify';
import type { SearchPaletteProps } from './search-palette';

/**
 * A search dialog: the text box asks `search` 400 ms after typing stops; ArrowUp/ArrowDown move through
 * the results, Enter picks one, Esc closes. Built as an ARIA combobox with the result count announced.
 */
export const SearchPalette = <T,>({
  opened,
  onClose,
  title,
  placeholder = 'Search...',
  queryKey,
  search,
  toItem,
  onSelect,
  emptyText,
  loadingText,
  footer,
}: SearchPaletteProps<T>) => {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 400);
  const [active, setActive] = useState(0);
  const listId = useId();

  const results = useQuery({
    queryKey: queryKey(debounced),
    queryFn: ({ signal }) => search(debounced, signal),
    enabled: opened,
    staleTime: 30_000,
  });
  const rows = results.data ?? [];

  useEffect(() => {
    if (!opened) setText('');
  }, [opened]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer starts at the first row
  useEffect(() => setActive(0), [results.data]);

  const pick = (row: T | undefined) => {
    if (!row) return;
    onClose();
    onSelect(row);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => (rows.length ? (i + 1) % rows.length : 0));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (rows.length ? (i - 1 + rows.length) % rows.length : 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      pick(rows[active]);
    }
  };

  const optionId = (i: number) => `${listId}-opt-${i}`;
  const waiting = results.isFetching || text.trim() !== debounced;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      yOffset="10dvh"
      closeOnEscape
      trapFocus
      returnFocus
    >
      <TextInput
        data-autofocus
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        aria-label={title}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={waiting ? <Loader size={14} /> : null}
        role="combobox"
        aria-expanded={rows.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={rows.length ? optionId(active) : undefined}
        autoComplete="off"
      />
      <Text size="xs" c="dimmed" mt={6} aria-live="polite" role="status">
        {results.isError
          ? messageOf(results.error)
          : waiting && loadingText
            ? loadingText
            : results.isSuccess && !waiting
              ? rows.length
                ? `${rows.length} result${rows.length === 1 ? '' : 's'}`
                : emptyText
              : ''}
      </Text>
      <div
        id={listId}
        role="listbox"
        aria-label="Results"
        style={{ maxHeight: '50dvh', overflowY: 'auto', marginTop: 8 }}
      >
        {rows.map((row, i) => {
          const item = toItem(row);
          const selected = i === active;
          return (
            <UnstyledButton
              key={item.id}
              id={optionId(i)}
              role="option"
              aria-selected={selected}
              tabIndex={-1}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(row)}
              w="100%"
              p="xs"
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                background: selected ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Group gap="sm" wrap="nowrap">
                {item.image !== undefined && (
                  <Avatar src={item.image ?? undefined} name={item.label} size="sm" color="initials" />
                )}
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {item.label}
                  </Text>
                  {item.description && (
                    <Text size="xs" c="dimmed" truncate>
                      {item.description}
                    </Text>
                  )}
                </div>
              </Group>
            </UnstyledButton>
          );
        })}
      </div>
      <Group gap={6} mt="sm" c="dimmed">
        <Text size="xs">
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move, <Kbd size="xs">Enter</Kbd> to open,{' '}
          <Kbd size="xs">Esc</Kbd> to close
        </Text>
        {footer}
      </Group>
    </Modal>
  );
};
