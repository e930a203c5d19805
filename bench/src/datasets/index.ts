import { activities } from './activities.ts';
import { attendance, leaves } from './attendance.ts';
import { brands } from './brands.ts';
import { categories } from './categories.ts';
import { classes } from './classes.ts';
import { customers } from './customers.ts';
import { expenseClaims, expenseLines } from './expenses.ts';
import { followUps } from './follow-ups.ts';
import { history } from './history.ts';
import { items } from './items.ts';
import { margins } from './margins.ts';
import { projects, rejections } from './projects.ts';
import { quotations } from './quotations.ts';
import { requirements } from './requirements.ts';
import { stock } from './stock.ts';
import { tasks } from './tasks.ts';
import { teams } from './teams.ts';
import type { Generator } from './types.ts';
import { users } from './users.ts';
import { vendors } from './vendors.ts';

/**
 * Every generator, in the order they run (later ones point at earlier rows). A new record type adds its
 * file beside these and one line here.
 */
export const GENERATORS: Generator[] = [
  users,
  activities,
  tasks,
  teams,
  attendance,
  leaves,
  expenseClaims,
  expenseLines,
  history,
  brands,
  categories,
  classes,
  margins,
  vendors,
  items,
  customers,
  requirements,
  followUps,
  stock,
  quotations,
  projects,
  rejections,
];

/** Bump when a generator changes, so cached bench databases are rebuilt. */
export const DATASET_VERSION = 14;
