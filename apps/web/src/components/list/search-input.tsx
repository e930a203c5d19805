import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** Search box that reports its text 400 ms after typing stops (spec 1 §9), and follows outside resets. */
export const DebouncedSearchInput = ({
  value,
  onChange,
  label = 'Search',
  placeholder = 'Search by name',
  delay = 400,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  delay?: number;
}) => {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, delay);
  const sent = useRef(value);

  // A reset from elsewhere (filter drawer, Back) replaces what is typed.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (debounced.trim() !== sent.current.trim()) {
      sent.current = debounced.trim();
      onChange(debounced.trim());
    }
  }, [debounced, onChange]);

  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      rightSection={
        text ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setText('')} /> : null
      }
      type="search"
    />
  );
};
