import { formatCustomerId, formatProjectId, type ProjectListDto } from '@karya/domain';
import type { ColumnDef } from '../../components/list/columns';
import { formatDate, rupees } from '../../components/record/format';
import { ProjectStatusBadge } from './project-display';

/** 'CI0007 · DAV Public School', or nothing for a project whose customer is gone. */
export const projectCustomerText = (p: ProjectListDto) =>
  p.customer ? `${formatCustomerId(p.customer.customerId)} · ${p.customer.name}` : null;

/**
 * The project table (spec 3 §2): project ID (PI and six digits in the list, spec 3 §9), title, customer,
 * status and total price shown; created by, created and updated dates hidden until chosen.
 */
export const PROJECT_COLUMNS: readonly ColumnDef<ProjectListDto>[] = [
  { key: 'projectId', label: 'Project ID', value: (p) => formatProjectId(p.projectId, 6), width: 130 },
  { key: 'title', label: 'Title', value: (p) => p.title, width: 280 },
  { key: 'customer', label: 'Customer', value: projectCustomerText, width: 220 },
  {
    key: 'status',
    label: 'Status',
    render: (p) => <ProjectStatusBadge status={p.status} />,
    width: 190,
  },
  { key: 'totalPrice', label: 'Total Price', value: (p) => rupees(p.totalPrice), width: 140 },
  { key: 'createdBy', label: 'Created By', value: (p) => p.createdBy, defaultHidden: true, width: 140 },
  {
    key: 'createdAt',
    label: 'Created Date',
    render: (p) => formatDate(p.createdAt),
    defaultHidden: true,
    width: 120,
  },
  {
    key: 'updatedAt',
    label: 'Updated Date',
    render: (p) => formatDate(p.updatedAt),
    defaultHidden: true,
    width: 120,
  },
];

/** Wide enough for the five default columns before the table scrolls sideways. */
export const PROJECT_TABLE_MIN_WIDTH = 980;
