import { todayInAppZone, type UserSuggestionDto } from '@karya/domain';
import { SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useCan } from '../../app/auth';
import { UserSelect } from '../../components/pickers/user-pickers';

/** The page's filters: the period (both days included) and the sales executive whose quotations count. */
export const Filters = ({
  range,
  onRange,
  executive,
  onExecutive,
}: {
  range: [string | null, string | null];
  onRange: (r: [string | null, string | null]) => void;
  executive: UserSuggestionDto | null;
  onExecutive: (u: UserSuggestionDto | null) => void;
}) => {
  const { can } = useCan();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mb="md">
      <DatePickerInput
        type="range"
        label="Period"
        placeholder="Pick dates"
        value={range}
        onChange={(v) => onRange(v as [string | null, string | null])}
        valueFormat="DD/MM/YYYY"
        maxDate={todayInAppZone()}
        allowSingleDateInRange
      />
      <UserSelect
        label="Sales executive"
        value={executive}
        onChange={onExecutive}
        canSearch={can('user', 'suggestion')}
        description="Whose quotations are counted (who made them); empty: everyone's"
      />
    </SimpleGrid>
  );
};
