import { MESSAGES } from '@karya/domain';
import { recordFormPages } from '../../components/form/update-page';
import { useUser } from './api';
import { UserForm } from './user-form';

/** /admin/users/create, and /admin/users/:id/update once the user has loaded. */
export const [UserCreatePage, UserUpdatePage] = recordFormPages(
  { noun: 'user', maw: 1100, listPath: '/admin/users' },
  { useRecord: useUser, notFoundText: MESSAGES.userNotFound },
  (user) => <UserForm key={user?._id} mode={user ? 'update' : 'create'} user={user} />,
);
