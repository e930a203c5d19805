import { TEXT_FILTER_HINT } from '@karya/domain';
import { TextInput } from '@mantine/core';

/**
 * A text filter of a filter panel: says under the field how the server matches it (1 or 2 letters match the
 * start, 3 or more anywhere), so a short term returning fewer rows is no surprise.
 */
export const FilterTextInput = ({
  label,
  value,
  onChange,
  type = 'text',
}: {
  label: string;
  value: unknown;
  onChange: (value: string) => void;
  type?: string;
}) => (
  <TextInput
    label={label}
    type={type}
    description={TEXT_FILTER_HINT}
    value={typeof value === 'string' ? value : ''}
    onChange={(e) => onChange(e.currentTarget.value)}
  />
);
