// The attendance rules form: its own chunk (with zod and the resolver), loaded when the Rules tab opens.
import { zodResolver } from '@hookform/resolvers/zod';
import { type AttendanceRules, attendanceRulesSchema, WEEKDAY_NAMES } from '@karya/domain';
import { Checkbox, Group, SimpleGrid, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { fieldError, TextField } from '../../components/form/fields';
import { FormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { usePageFormGuard } from '../../components/form/page-guard';
import { useRecordSave } from '../../lib/record-save';
import { attendanceKeys, saveAttendanceRules } from './api';

/** The rules as the form holds them (a minutes field left empty is NaN, which the schema refuses). */
type RulesValues = AttendanceRules;

const resolver = zodResolver(attendanceRulesSchema) as unknown as Resolver<RulesValues>;
const NO_DRAFT = { clear: () => undefined };
const INVALIDATE = [attendanceKeys.all];

/**
 * Office start and end (India time), the grace period, the half-day threshold and the weekly days off,
 * checked with the domain's attendanceRulesSchema (its messages), saved with PUT; every attendance query
 * refreshes after (each day's status depends on the rules).
 */
export const RulesForm = ({ rules }: { rules: AttendanceRules }) => {
  const base = useMemo(() => ({ ...rules, weeklyOff: [...rules.weeklyOff] }), [rules]);
  const form = useCheckedForm<RulesValues>(base, resolver);
  const guard = usePageFormGuard(form.formState.isDirty);
  const save = useRecordSave({ form, draft: NO_DRAFT, guard, invalidate: INVALIDATE });

  const submit = (values: RulesValues) =>
    save({
      loading: 'Saving attendance rules',
      call: (key) => saveAttendanceRules(values, key),
      onSaved: (answer) => {
        if (answer.data) form.reset(answer.data);
      },
    });

  const minutes = { valueAsNumber: true } as const;
  return (
    <FormFrame form={form} label="Attendance rules" onValid={submit}>
      <Text size="sm" c="dimmed">
        Office hours are India time. A day's status follows these rules: late after office start and the grace
        period; a half day below the threshold.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextField form={form} name="officeStart" label="Office start" type="time" withAsterisk />
        <TextField form={form} name="officeEnd" label="Office end" type="time" withAsterisk />
        <TextField
          form={form}
          name="graceMinutes"
          rules={minutes}
          label="Grace period (minutes)"
          description="A first check-in this long after office start is still on time"
          type="number"
          inputMode="numeric"
          min={0}
          max={240}
          withAsterisk
        />
        <TextField
          form={form}
          name="halfDayBelowMinutes"
          rules={minutes}
          label="Half day below (minutes)"
          description="A day worked for less than this is a half day (240 = 4 h)"
          type="number"
          inputMode="numeric"
          min={0}
          max={1440}
          withAsterisk
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="weeklyOff"
        render={({ field }) => (
          <Checkbox.Group
            label="Weekly off"
            description="Days nobody is expected at work"
            value={field.value.map(String)}
            onChange={(v) => field.onChange(v.map(Number).sort())}
            error={fieldError(form, 'weeklyOff')}
          >
            <Group gap="md" mt="xs">
              {WEEKDAY_NAMES.map((name, day) => (
                <Checkbox
                  key={name}
                  value={String(day)}
                  label={name}
                  ref={day === 0 ? field.ref : undefined}
                />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
      <FormActions form={form} submitLabel="Save" onCancel={() => form.reset(base)} />
    </FormFrame>
  );
};
