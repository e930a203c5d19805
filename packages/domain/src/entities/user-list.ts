// What the user list page needs at first paint, kept free of zod: the entity module (user.ts) builds its
// schemas at module level, which a bundler must keep once anything of that module is imported.
import { defineList } from '../common/list-query.ts';
import { EMPLOYMENT_TYPES, GENDERS, MARITAL_STATUSES, USER_STATUSES } from '../enums.ts';

export const userListSpec = defineList({
  filters: {
    name: 'text',
    email: 'text',
    phone: 'text',
    status: { enum: USER_STATUSES },
    maritalStatus: { enum: MARITAL_STATUSES },
    employmentType: { enum: EMPLOYMENT_TYPES },
    gender: { enum: GENDERS },
    'address.city': 'text',
    'address.state': 'text',
    createdAt: 'dateRange',
    updatedAt: 'dateRange',
    deletedBy: 'ids',
    isDeleted: 'boolean',
    roles: 'ids',
  },
  sortFields: ['name', 'createdAt', 'updatedAt', 'lastLogin', 'email'],
});
