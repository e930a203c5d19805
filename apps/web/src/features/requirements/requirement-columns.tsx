import { formatRequirementId, type RequirementDto } from '@karya/domain';
import type { ColumnDef } from '../../components/list/columns';
import { formatDate } from '../../components/record/format';
import { formatBudget, RequirementPriorityBadge, RequirementStatusBadge } from './requirement-display';

/**
 * The requirement table (spec 2 §3): R ID, Title, Customer, Priority, Budget, Created By, Created Date,
 * Purchase Date, Type and Status shown; Updated Date hidden until chosen.
 */
export const REQUIREMENT_COLUMNS: readonly ColumnDef<RequirementDto>[] = [
  { key: 'requirementId', label: 'R ID', value: (r) => formatRequirementId(r.requirementId), width: 90 },
  { key: 'title', label: 'Title', value: (r) => r.title, width: 240 },
  { key: 'customer', label: 'Customer', value: (r) => r.customer?.name, width: 200 },
  {
    key: 'priority',
    label: 'Priority',
    render: (r) => <RequirementPriorityBadge priority={r.priority} />,
    width: 100,
  },
  { key: 'budget', label: 'Budget', value: (r) => formatBudget(r.budget), width: 130 },
  { key: 'createdBy', label: 'Created By', value: (r) => r.createdBy, width: 140 },
  { key: 'createdAt', label: 'Created Date', render: (r) => formatDate(r.createdAt), width: 120 },
  {
    key: 'purchaseDate',
    label: 'Purchase Date',
    render: (r) => (r.purchaseDate ? formatDate(r.purchaseDate) : null),
    width: 120,
  },
  { key: 'type', label: 'Type', value: (r) => r.type, width: 100 },
  { key: 'status', label: 'Status', render: (r) => <RequirementStatusBadge status={r.status} />, width: 120 },
  {
    key: 'updatedAt',
    label: 'Updated Date',
    render: (r) => formatDate(r.updatedAt),
    defaultHidden: true,
    width: 120,
  },
];

/** Wide enough for the ten default columns before the table scrolls sideways. */
export const REQUIREMENT_TABLE_MIN_WIDTH = 1400;
