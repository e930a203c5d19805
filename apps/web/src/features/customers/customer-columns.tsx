import { type CustomerDto, formatCustomerId } from '@karya/domain';
import type { ColumnDef } from '../../components/list/columns';
import { formatDate } from '../../components/record/format';
import { VerifiedBadge } from './customer-display';

const govType = (c: CustomerDto) => c.organization?.government?.type ?? null;
const privType = (c: CustomerDto) => c.organization?.private?.type ?? null;

/**
 * The customer table (spec 2 §9): customer id, type, name, e-mail, phone, city, district, state, verified
 * and organisation type shown; country, establishment year, students, created, updated, assigned to, the
 * government and private organisation types, rating and rating category hidden until chosen.
 */
export const CUSTOMER_COLUMNS: readonly ColumnDef<CustomerDto>[] = [
  { key: 'customerId', label: 'Customer ID', value: (c) => formatCustomerId(c.customerId), width: 110 },
  { key: 'type', label: 'Type', value: (c) => c.type, width: 110 },
  { key: 'name', label: 'Name', value: (c) => c.name, width: 220 },
  { key: 'email', label: 'Email', value: (c) => c.email, width: 200 },
  { key: 'phone', label: 'Phone', value: (c) => c.phone, width: 130 },
  { key: 'city', label: 'City', value: (c) => c.address.city, width: 120 },
  { key: 'district', label: 'District', value: (c) => c.address.district, width: 120 },
  { key: 'state', label: 'State', value: (c) => c.address.state, width: 100 },
  { key: 'verified', label: 'Verified', render: (c) => <VerifiedBadge verified={c.verified} />, width: 110 },
  { key: 'organizationType', label: 'Organization Type', value: (c) => c.organization?.type, width: 130 },
  { key: 'country', label: 'Country', value: (c) => c.address.country, defaultHidden: true },
  {
    key: 'establishmentYear',
    label: 'Establishment Year',
    value: (c) => c.additionalInfo.establishmentYear,
    defaultHidden: true,
  },
  {
    key: 'numberOfStudents',
    label: 'Students',
    value: (c) => c.additionalInfo.numberOfStudents,
    defaultHidden: true,
  },
  { key: 'createdAt', label: 'Created On', render: (c) => formatDate(c.createdAt), defaultHidden: true },
  { key: 'updatedAt', label: 'Updated On', render: (c) => formatDate(c.updatedAt), defaultHidden: true },
  { key: 'assignedTo', label: 'Assigned To', value: (c) => c.assignedTo, defaultHidden: true },
  { key: 'governmentType', label: 'Government Type', value: govType, defaultHidden: true },
  { key: 'privateType', label: 'Private Type', value: privType, defaultHidden: true },
  { key: 'rating', label: 'Rating', value: (c) => c.rating, defaultHidden: true },
  { key: 'ratingCategory', label: 'Rating Category', value: (c) => c.ratingCategory, defaultHidden: true },
  { key: 'gstin', label: 'GSTIN', value: (c) => c.gstin, width: 160, defaultHidden: true },
];

/** Wide enough for the ten default columns before the table scrolls sideways. */
export const CUSTOMER_TABLE_MIN_WIDTH = 1300;
