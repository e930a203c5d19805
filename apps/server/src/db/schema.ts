// Every table, re-exported from one file per module under tables/ (drizzle-kit generates the migrations from
// this file, and the services import their tables from it).

import { otpCodes, sessions } from './tables/auth.ts';
import { files } from './tables/files.ts';
import { mailOutbox } from './tables/platform.ts';
import { resources, roles } from './tables/roles.ts';
import { userActivities, userRoles, users } from './tables/users.ts';

export * from './tables/attendance.ts';
export * from './tables/auth.ts';
export * from './tables/catalogue.ts';
export type { Address, Device, Point, StoredImage } from './tables/columns.ts';
export * from './tables/company.ts';
export * from './tables/customers.ts';
export * from './tables/expenses.ts';
export * from './tables/files.ts';
export * from './tables/follow-ups.ts';
export * from './tables/holidays.ts';
export * from './tables/items.ts';
export * from './tables/kept-counts.ts';
export * from './tables/leave.ts';
export * from './tables/margins.ts';
export * from './tables/platform.ts';
export * from './tables/projects.ts';
export * from './tables/purchases.ts';
export * from './tables/requirements.ts';
export * from './tables/roles.ts';
export * from './tables/sales.ts';
export * from './tables/stocks.ts';
export * from './tables/tasks.ts';
export * from './tables/teams.ts';
export * from './tables/users.ts';
export * from './tables/vendors.ts';

export const schema = {
  users,
  roles,
  userRoles,
  resources,
  sessions,
  userActivities,
  otpCodes,
  mailOutbox,
  files,
};
