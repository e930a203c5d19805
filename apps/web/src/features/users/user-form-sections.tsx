import {
  DURATIONS,
  EDITABLE_USER_STATUSES,
  EMPLOYMENT_TYPES,
  GENDERS,
  LANGUAGES,
  MARITAL_STATUSES,
  type UserDto,
} from '@karya/domain';
import { MultiSelect, PasswordInput, Select, SimpleGrid } from '@mantine/core';
// The date pickers' styles come with the chunk that uses them, not with every page.
import '@mantine/dates/styles.css';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useCan } from '../../app/auth';
import { DateField } from '../../components/form/date-field';
import { fieldError, LongTextField, TextField } from '../../components/form/fields';
import { FormSection } from '../../components/form/section';
import { SelectField } from '../../components/form/select-field';
import { RolesPicker } from './user-form-fields';
import {
  durationAfterTypeChange,
  hasDuration,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type UserFormMode,
  type UserFormValues,
} from './user-form-values';

type Form = UseFormReturn<UserFormValues>;

/** The password with its strength hint, loaded with the create form; a plain password field until then. */
const NewUserPasswordInput = lazy(() =>
  import('./new-user-password').then((m) => ({ default: m.NewUserPasswordInput })),
);

/** The latest date the date picker offers: a date of birth must be before 2015-01-01 (spec 1 §9). */
export const DATE_OF_BIRTH_MAX = '2014-12-31';

const SOCIAL: Record<SocialNetwork, { label: string; icon: ReactNode; placeholder: string }> = {
  facebook: {
    label: 'Facebook',
    icon: <IconBrandFacebook size={16} />,
    placeholder: 'https://facebook.com/...',
  },
  twitter: { label: 'Twitter', icon: <IconBrandX size={16} />, placeholder: 'https://x.com/...' },
  instagram: {
    label: 'Instagram',
    icon: <IconBrandInstagram size={16} />,
    placeholder: 'https://instagram.com/...',
  },
  linkedin: {
    label: 'LinkedIn',
    icon: <IconBrandLinkedin size={16} />,
    placeholder: 'https://linkedin.com/in/...',
  },
  youtube: {
    label: 'YouTube',
    icon: <IconBrandYoutube size={16} />,
    placeholder: 'https://youtube.com/@...',
  },
};

/** A choice that must be made: marked, and not undone by clicking it again. */
const required = { withAsterisk: true, allowDeselect: false } as const;

/** Name, e-mail, phone, gender, date of birth, marital status, languages and bio. */
export const PersonalSection = ({ form }: { form: Form }) => (
  <FormSection title="Personal details">
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextField form={form} name="name" label="Name" withAsterisk autoComplete="off" />
      <TextField form={form} name="email" label="Email" type="email" withAsterisk autoComplete="off" />
      <TextField
        form={form}
        name="phone"
        label="Phone"
        withAsterisk
        inputMode="tel"
        placeholder="9876543210 or 0674-1234567"
        autoComplete="off"
      />
      <SelectField form={form} name="gender" label="Gender" data={[...GENDERS]} {...required} />
      <DateField
        form={form}
        name="dateOfBirth"
        label="Date of birth"
        maxDate={DATE_OF_BIRTH_MAX}
        defaultDate="2000-01-01"
        clearable
      />
      <SelectField
        form={form}
        name="maritalStatus"
        label="Marital status"
        data={[...MARITAL_STATUSES]}
        {...required}
      />
      <Controller
        control={form.control}
        name="languages"
        render={({ field }) => (
          <MultiSelect
            label="Languages"
            withAsterisk
            data={[...LANGUAGES]}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldError(form, 'languages')}
            placeholder={field.value.length ? undefined : 'Pick at least one'}
          />
        )}
      />
      <LongTextField form={form} name="bio" label="Bio" rows={[2, 6]} />
    </SimpleGrid>
  </FormSection>
);

/** The employment type, and the duration of a contract or an internship. */
export const EmploymentSection = ({ form }: { form: Form }) => {
  const showDuration = hasDuration(useWatch({ control: form.control, name: 'employmentType' }));
  return (
    <FormSection title="Employment">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <SelectField
          form={form}
          name="employmentType"
          label="Employment type"
          data={[...EMPLOYMENT_TYPES]}
          clearable
          onPick={(next) => {
            // Spec 1 §4: leaving Contract/Internship resets the duration to 0.
            const duration = durationAfterTypeChange(next, form.getValues('duration'));
            if (duration !== form.getValues('duration'))
              form.setValue('duration', duration, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              });
          }}
        />
        {showDuration && (
          <Controller
            control={form.control}
            name="duration"
            render={({ field }) => (
              <Select
                label="Duration"
                withAsterisk
                data={DURATIONS.map((d) => ({ value: String(d), label: d ? `${d} months` : 'None' }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '0')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError(form, 'duration')}
                allowDeselect={false}
              />
            )}
          />
        )}
      </SimpleGrid>
    </FormSection>
  );
};

export const AddressSection = ({ form }: { form: Form }) => (
  <FormSection title="Address">
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextField form={form} name="address.street" label="Street" />
      <TextField form={form} name="address.city" label="City" withAsterisk />
      <TextField form={form} name="address.state" label="State" withAsterisk />
      <TextField form={form} name="address.country" label="Country" withAsterisk />
      <TextField form={form} name="address.zipCode" label="Zip code" inputMode="numeric" />
    </SimpleGrid>
  </FormSection>
);

/** Roles, and the status (update) or the password (create), and the administrator's notes. */
export const AccessSection = ({
  form,
  mode,
  user,
  roleNames,
  onRoleNames,
}: {
  form: Form;
  mode: UserFormMode;
  user?: UserDto | null;
  roleNames: Record<string, string>;
  onRoleNames: (names: Record<string, string>) => void;
}) => {
  const { can } = useCan();
  return (
    <FormSection title="Access">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Controller
          control={form.control}
          name="roles"
          render={({ field }) => (
            <RolesPicker
              value={field.value}
              onChange={field.onChange}
              names={roleNames}
              onNames={onRoleNames}
              canSearch={can('role', 'suggestion')}
              error={fieldError(form, 'roles')}
            />
          )}
        />
        {mode === 'update' && (
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select
                label="Status"
                data={[...EDITABLE_USER_STATUSES]}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldError(form, 'status')}
                placeholder={user?.status && !field.value ? user.status : undefined}
              />
            )}
          />
        )}
        {mode === 'create' && (
          <Controller
            control={form.control}
            name="password"
            render={({ field }) => (
              <Suspense
                fallback={
                  <PasswordInput
                    label="Password"
                    withAsterisk
                    autoComplete="new-password"
                    value={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.value)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={fieldError(form, 'password')}
                  />
                }
              >
                <NewUserPasswordInput
                  label="Password"
                  withAsterisk
                  value={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.value)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldError(form, 'password')}
                />
              </Suspense>
            )}
          />
        )}
        <LongTextField form={form} name="notes" label="Notes" rows={[2, 8]} wide />
      </SimpleGrid>
    </FormSection>
  );
};

export const SocialSection = ({ form }: { form: Form }) => (
  <FormSection title="Social media">
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {SOCIAL_NETWORKS.map((k) => (
        <TextField
          key={k}
          form={form}
          name={`socialMedia.${k}`}
          label={SOCIAL[k].label}
          leftSection={SOCIAL[k].icon}
          placeholder={SOCIAL[k].placeholder}
          type="url"
          autoComplete="off"
        />
      ))}
    </SimpleGrid>
  </FormSection>
);
