import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { useAuth, useCan } from '../../app/auth';
import { UserMultiSelect, type UserNames } from '../../components/pickers/user-pickers';
import type { CustomerFormState } from './customer-form-values';

/**
 * The customer form's Assigned To and Re Assigned To pickers (spec 2 §6: assign and re-assign on customer;
 * searching users needs suggestion on user; without the action only oneself may be added, the server's
 * rule). A chunk of its own, fetched as the form renders: the pickers' combobox code would take the form's
 * route past its size budget.
 */
export const AssignmentFields = ({
  control,
  errors,
  names,
  onNames,
}: {
  control: Control<CustomerFormState>;
  errors: FieldErrors<CustomerFormState>;
  names: UserNames;
  onNames: (names: UserNames) => void;
}) => {
  const { can } = useCan();
  const { user } = useAuth();
  const self = user ? { _id: user._id, name: user.name } : null;
  const canSearchUsers = can('user', 'suggestion');
  const picker = (name: 'assignedTo' | 'reAssignedTo', label: string, action: 'assign' | 're-assign') => {
    const allowed = can('customer', action);
    return (
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <UserMultiSelect
            label={label}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            names={names}
            onNames={onNames}
            canSearch={allowed && canSearchUsers}
            self={self}
            description={allowed ? undefined : 'You may add only yourself.'}
            error={errors[name]?.message}
          />
        )}
      />
    );
  };
  return (
    <>
      {picker('assignedTo', 'Assigned To', 'assign')}
      {picker('reAssignedTo', 'Re Assigned To', 're-assign')}
    </>
  );
};
