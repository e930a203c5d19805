import { MESSAGES } from '@karya/domain';
import { useParams } from 'react-router';
import { RecordFormPage } from '../../components/record/record-form-page';
import { useUser } from './api';
import { UserForm } from './user-form';

export const UserCreatePage = () => (
  <RecordFormPage title="Create User" maw={1100}>
    {() => <UserForm mode="create" />}
  </RecordFormPage>
);

export const UserUpdatePage = () => {
  const { id } = useParams();
  return (
    <RecordFormPage
      title="Update User"
      maw={1100}
      noun="user"
      query={useUser(id)}
      notFoundText={MESSAGES.userNotFound}
      backTo={{ to: '/admin/users', label: 'Back to users' }}
    >
      {(user) => <UserForm key={user._id} mode="update" user={user} />}
    </RecordFormPage>
  );
};
