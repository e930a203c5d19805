import { LEAVE_TYPES, type LeaveAllocationsDto, type LeaveType } from '@karya/domain';
import type { LeaveAllocationsBody } from './api';

// The allocations as the form holds them: a row per role or person, the days of each type as typed ('' or
// missing: nothing allocated, so the person's roles' or the default applies). No zod here.

export type AllocationTarget = { kind: 'role' | 'user'; id: string; name: string };
export type AllocationRow = AllocationTarget & { days: Partial<Record<LeaveType, string>> };

/** A row's key, and a cell's: 'role:<id>', 'role:<id>:Casual'. */
export const rowKey = (r: AllocationTarget) => `${r.kind}:${r.id}`;
export const cellKey = (r: AllocationTarget, type: LeaveType) => `${rowKey(r)}:${type}`;

const byName = (a: AllocationRow, b: AllocationRow) => a.name.localeCompare(b.name);

/** The answer's allocations as rows (roles, then people, each by name). */
export const rowsFrom = (dto: LeaveAllocationsDto): AllocationRow[] => {
  const rows = new Map<string, AllocationRow>();
  for (const a of dto.allocations) {
    const target: AllocationTarget | null = a.role
      ? { kind: 'role', id: a.role._id, name: a.role.name }
      : a.user
        ? { kind: 'user', id: a.user._id, name: a.user.name }
        : null;
    if (!target) continue;
    const row = rows.get(rowKey(target)) ?? { ...target, days: {} };
    row.days[a.leaveType] = String(a.days);
    rows.set(rowKey(target), row);
  }
  const all = [...rows.values()];
  return [
    ...all.filter((r) => r.kind === 'role').sort(byName),
    ...all.filter((r) => r.kind === 'user').sort(byName),
  ];
};

/**
 * The PUT body (the year's whole list): one entry per filled cell, its days as a number (what cannot be read
 * as one is NaN, which the schema refuses with its message); `keys` names each entry's cell, so the
 * schema's messages (path ['allocations', i, …]) go back under their inputs.
 */
export const bodyFrom = (year: number, rows: readonly AllocationRow[]) => {
  const allocations: LeaveAllocationsBody['allocations'] = [];
  const keys: string[] = [];
  for (const r of rows)
    for (const type of LEAVE_TYPES) {
      const text = r.days[type]?.trim();
      if (!text) continue;
      allocations.push({
        leaveType: type,
        ...(r.kind === 'role' ? { roleId: r.id } : { userId: r.id }),
        days: Number(text.replace(',', '.')),
      });
      keys.push(cellKey(r, type));
    }
  return { body: { year, allocations } satisfies LeaveAllocationsBody, keys };
};

/** Whether two lists of rows say the same (the form is unchanged). */
export const sameRows = (a: readonly AllocationRow[], b: readonly AllocationRow[]) => {
  const norm = (rows: readonly AllocationRow[]) =>
    JSON.stringify(rows.map((r) => [rowKey(r), LEAVE_TYPES.map((t) => r.days[t]?.trim() ?? '')]));
  return norm(a) === norm(b);
};
