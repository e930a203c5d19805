import type { CustomerDto } from '@karya/domain';
import { recordStamps } from '../../test/harness';

/** A 24-hex id from a number. */
export const hex = (n: number) => n.toString(16).padStart(24, '0');

/** A customer as the server answers it: a verified CBSE school in Bhubaneswar with one contact. */
export const customer = (n: number, over: Partial<CustomerDto> = {}): CustomerDto => ({
  ...recordStamps,
  createdBy: null,
  updatedBy: null,
  _id: hex(n),
  customerId: n,
  type: 'Organization',
  name: `School ${n}`,
  email: `school${n}@example.com`,
  phone: '9876543210',
  website: null,
  gstin: null,
  address: {
    street: 'Unit 4',
    city: 'Bhubaneswar',
    district: 'Khordha',
    state: 'Odisha',
    country: 'India',
    zipCode: '751001',
  },
  organization: {
    type: 'Private',
    private: { type: 'Institute', institute: { type: 'School', school: { board: 'CBSE' } } },
  },
  contacts: [
    {
      name: 'Rina Das',
      designation: 'Principal',
      email: `school${n}@example.com`,
      phone: '9876543210',
      isDefault: true,
    },
  ],
  additionalInfo: { establishmentYear: 1998, numberOfStudents: 1200, coursesOffered: null, notes: null },
  rating: 4.5,
  ratingCategory: 'Gold',
  marginTier: null,
  verified: true,
  assignedTo: [],
  reAssignedTo: [],
  assignmentHistory: [],
  feedbacks: [],
  ...over,
});
