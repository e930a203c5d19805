import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

export const routes: RouteObject[] = [
  { path: 'hrm/expenses', element: lazyPage(() => import('./expenses-page'), 'ExpensesPage') },
  { path: 'hrm/expenses/:id', element: lazyPage(() => import('./detail-page'), 'ExpenseDetailPage') },
];
