import type { HolidayKind } from '../enums.ts';
import type { TaskDto } from './task.ts';

export type HolidayDto = { _id: string; date: string; name: string; kind: HolidayKind; region: string };

/** GET /hrm/dashboard: the signed-in user's own tasks and the coming holidays (no sample content). */
export type HrmDashboard = {
  tasks: {
    /** false when the user may not read tasks; the lists are then empty. */
    visible: boolean;
    upcoming: TaskDto[];
    overdue: TaskDto[];
    openCount: number;
  };
  holidays: HolidayDto[];
};
