// The allocations form: its own chunk (with zod and the schema), loaded when the Allocations view opens.
import {
  LEAVE_MAX_DAYS,
  LEAVE_TYPE_INFO,
  LEAVE_TYPES,
  type LeaveAllocationsDto,
  type LeaveType,
  leaveAllocationsSchema,
} from '@karya/domain';
import {
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useCan } from '../../app/auth';
import { FormError } from '../../components/form/form-frame';
import { useSaveOnce } from '../../components/form/guarded-dialog-form';
import { usePageFormGuard } from '../../components/form/page-guard';
import { UserSelect } from '../../components/pickers/user-pickers';
import { type RefNames, RefSelect, type RefSource } from '../../components/record/ref-pickers';
import { api } from '../../lib/api';
import { focusFirstError } from '../../lib/focus-first-error';
import { useIdempotencyKey } from '../../lib/idempotency';
import { confirmDiscard } from '../../lib/leave-guard';
import { withLoadingToast } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import {
  type AllocationRow,
  type AllocationTarget,
  bodyFrom,
  cellKey,
  rowKey,
  rowsFrom,
  sameRows,
} from './allocation-rows';
import { leaveKeys, saveLeaveAllocations } from './api';
import { daysNumber, YEAR_MAX, YEAR_MIN } from './leave-format';
import { PeriodSwitch } from './leave-widgets';

/** The types a balance limits: the ones worth allocating (unpaid leave has no limit). */
const LIMITED = LEAVE_TYPES.filter((t) => LEAVE_TYPE_INFO[t].limited);

/** GET /admin/roles/suggestion: roles by name (suggestion on role). */
const roleSource: RefSource = {
  queryKey: (name, selected) => ['roles', 'suggestion', 'picker', name, selected],
  fetch: async (name, selectedIds, signal) =>
    (
      await api.get<{ _id: string; name: string }[]>(
        '/admin/roles/suggestion',
        { name, selectedIds: selectedIds.length ? selectedIds.join(',') : undefined },
        { signal },
      )
    ).data ?? [],
};

/** The schema's messages by cell or row key; what belongs to no cell under 'form'. */
type Errors = Record<string, string>;
const check = (year: number, rows: readonly AllocationRow[]) => {
  const { body, keys } = bodyFrom(year, rows);
  const parsed = leaveAllocationsSchema.safeParse(body);
  if (parsed.success) return { body, errors: null };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const [top, index, field] = issue.path;
    const key =
      top === 'allocations' && typeof index === 'number' && keys[index]
        ? field === 'days'
          ? keys[index]
          : keys[index].split(':').slice(0, 2).join(':')
        : 'form';
    errors[key] ??= issue.message;
  }
  return { body: null, errors };
};

/** One role's or person's row: the name, the days of each limited type, Remove. */
const RowEditor = ({
  row,
  defaults,
  errors,
  onDays,
  onRemove,
}: {
  row: AllocationRow;
  defaults: Record<LeaveType, number>;
  errors: Errors;
  onDays: (type: LeaveType, text: string) => void;
  onRemove: () => void;
}) => (
  <Paper component="li" withBorder radius="md" p="sm" aria-label={row.name}>
    <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {row.name}
        </Text>
        <Badge
          size="xs"
          variant="light"
          color={row.kind === 'role' ? 'blue' : 'gray'}
          style={{ flexShrink: 0 }}
        >
          {row.kind === 'role' ? 'Role' : 'Person'}
        </Badge>
      </Group>
      <CloseButton aria-label={`Remove ${row.name}`} onClick={onRemove} />
    </Group>
    {errors[rowKey(row)] && (
      <Text size="xs" c="red.8" role="alert" mb={4}>
        {errors[rowKey(row)]}
      </Text>
    )}
    <SimpleGrid cols={LIMITED.length} spacing="xs">
      {LIMITED.map((type) => (
        <TextInput
          key={type}
          label={LEAVE_TYPE_INFO[type].code}
          aria-label={`${LEAVE_TYPE_INFO[type].label}, ${row.name}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={String(defaults[type])}
          value={row.days[type] ?? ''}
          error={errors[cellKey(row, type)]}
          onChange={(e) => onDays(type, e.currentTarget.value)}
          size="sm"
        />
      ))}
    </SimpleGrid>
  </Paper>
);

/** A titled list of rows (By role, By person) with the picker that adds one. */
const RowsSection = ({
  title,
  hint,
  picker,
  children,
}: {
  title: string;
  hint: string;
  picker: ReactNode;
  children: ReactNode;
}) => {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      <Stack
        component="ul"
        gap="xs"
        aria-labelledby={headingId}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {children}
      </Stack>
      {picker}
    </Stack>
  );
};

/**
 * A year's allocations (allocate on leave): days per type for a role or a person, in halves; an empty cell
 * allocates nothing (a person's own allocation wins, else the largest of their roles', else the default).
 * Roles and people are added with their pickers and removed with their ✕. Checked with the domain's
 * leaveAllocationsSchema (its messages under the cells, again on every change after the first Save), then
 * PUT as the year's whole list; a retry after a lost answer keeps its Idempotency-Key.
 */
export const AllocationsForm = ({
  data,
  thisYear,
  onYear,
}: {
  data: LeaveAllocationsDto;
  thisYear: number;
  onYear: (year: number) => void;
}) => {
  const { can } = useCan();
  const client = useQueryClient();
  const year = data.year;
  const [base, setBase] = useState(() => rowsFrom(data));
  const [rows, setRows] = useState(base);
  const [checked, setChecked] = useState(false);
  const [roleNames, setRoleNames] = useState<RefNames>({});
  const [pickers, setPickers] = useState(0);
  const save = useSaveOnce();
  const keeper = useIdempotencyKey();
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = !sameRows(rows, base);
  // Leaving the page with unsaved allocations asks first (a save makes the form clean again).
  usePageFormGuard(dirty);
  const result = check(year, rows);
  const errors: Errors = checked && result.errors ? result.errors : {};

  const setDays = (row: AllocationRow, type: LeaveType, text: string) =>
    setRows((all) =>
      all.map((r) => (rowKey(r) === rowKey(row) ? { ...r, days: { ...r.days, [type]: text } } : r)),
    );
  const add = (target: AllocationTarget) => {
    setPickers((n) => n + 1);
    setRows((all) =>
      all.some((r) => rowKey(r) === rowKey(target)) ? all : [...all, { ...target, days: {} }],
    );
  };
  const remove = (row: AllocationRow) => setRows((all) => all.filter((r) => rowKey(r) !== rowKey(row)));
  const goYear = (next: number) => (dirty ? confirmDiscard({ onConfirm: () => onYear(next) }) : onYear(next));

  const submit = () => {
    setChecked(true);
    if (!result.body) {
      focusFirstError(formRef.current);
      return;
    }
    const body = result.body;
    void save.run(async () => {
      const answer = await withLoadingToast('Saving leave allocations', () =>
        keeper.run((key) => saveLeaveAllocations(body, key)),
      );
      if (answer.data) {
        client.setQueryData(leaveKeys.allocations(year), answer.data);
        const saved = rowsFrom(answer.data);
        setBase(saved);
        setRows(saved);
      }
      setChecked(false);
      // What a person may take follows the allocations.
      void client.invalidateQueries({ queryKey: ['leaves', 'balances'] });
      void client.invalidateQueries({ queryKey: queryKeys.dashboards.hrm });
    });
  };

  const list = (kind: AllocationRow['kind']) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => (
        <RowEditor
          key={rowKey(r)}
          row={r}
          defaults={data.defaults}
          errors={errors}
          onDays={(type, text) => setDays(r, type, text)}
          onRemove={() => remove(r)}
        />
      ));
  const defaultsText = LIMITED.map(
    (t) => `${LEAVE_TYPE_INFO[t].label} ${daysNumber(data.defaults[t] ?? LEAVE_TYPE_INFO[t].defaultDays)}`,
  ).join(' · ');

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Leave allocations"
      onSubmit={(e) => {
        e.preventDefault();
        if (!save.running.current) submit();
      }}
    >
      <Stack gap="md">
        <PeriodSwitch
          label={String(year)}
          unit="year"
          onPrevious={() => goYear(year - 1)}
          onNext={() => goYear(year + 1)}
          previousDisabled={year <= YEAR_MIN}
          nextDisabled={year >= YEAR_MAX}
          onCurrent={year !== thisYear ? () => goYear(thisYear) : undefined}
        />
        <Text size="sm" c="dimmed">
          Days a year, in halves (0.5), up to {LEAVE_MAX_DAYS}. Where nothing is allocated: {defaultsText}. A
          person’s own allocation wins over their roles’; of several roles, the largest counts. Nothing
          carries over: add carried days to the person’s next year.
        </Text>
        <FormError>{save.serverError ?? errors.form}</FormError>
        <RowsSection
          title="By role"
          hint="Everyone holding the role gets these days, unless they have their own."
          picker={
            <RefSelect
              key={`role-${pickers}`}
              label="Add a role"
              value={null}
              onChange={(id) => id && add({ kind: 'role', id, name: roleNames[id] ?? 'Role' })}
              source={roleSource}
              canSearch={can('role', 'suggestion')}
              plural="roles"
              names={roleNames}
              onNames={setRoleNames}
            />
          }
        >
          {list('role')}
        </RowsSection>
        <RowsSection
          title="By person"
          hint="A person’s own days, over any of their roles’."
          picker={
            <UserSelect
              key={`user-${pickers}`}
              label="Add a person"
              value={null}
              onChange={(u) => u && add({ kind: 'user', id: u._id, name: u.name })}
              canSearch={can('user', 'suggestion')}
            />
          }
        >
          {list('user')}
        </RowsSection>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={!dirty || save.saving}
            onClick={() => {
              setRows(base);
              setChecked(false);
            }}
          >
            Undo changes
          </Button>
          <Button type="submit" loading={save.saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
