import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useFilterPanel } from '../../components/list/filter-draft';

/** Active, inactive or both. */
export const MarginActiveFilter = () => {
  const { draft } = useFilterPanel();
  const value = draft.values.isActive === true ? 'true' : draft.values.isActive === false ? 'false' : 'all';
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="margin-active-filter">
        Active
      </Text>
      <SegmentedControl
        aria-labelledby="margin-active-filter"
        value={value}
        onChange={(v) => draft.set('isActive', v === 'all' ? undefined : v === 'true')}
        data={[
          { value: 'all', label: 'All' },
          { value: 'true', label: 'Active' },
          { value: 'false', label: 'Inactive' },
        ]}
      />
    </Stack>
  );
};
