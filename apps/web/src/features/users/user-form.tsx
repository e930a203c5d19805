// Over 400 lines: this form moves onto the form kit, section by section, in issue 24; issue 22 only passed
// the save's Idempotency-Key through.
import {
  DURATIONS,
  EDITABLE_USER_STATUSES,
  EMPLOYMENT_TYPES,
  GENDERS,
  LANGUAGES,
  MARITAL_STATUSES,
  stripEmpty,
  type UserDto,
} from '@karya/domain';
import {
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '../../lib/lazy-date-input';
// The date pickers' styles come with the chunk that uses them, not with every page.
import '@mantine/dates/styles.css';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import { DraftRestoredNotice } from '../../components/draft-restored-notice';
import { isApiError } from '../../lib/api';
import { focusFirstError } from '../../lib/focus-first-error';
import { useFormDraft } from '../../lib/form-draft';
import { useLeaveGuard } from '../../lib/leave-guard';
import { queryKeys } from '../../lib/query-keys';
import { useRecordSave } from '../../lib/record-save';
import { saveUser } from './form-api';
import { NewUserPasswordInput, RolesPicker } from './user-form-fields';
import {
  changedUserPayload,
  durationAfterTypeChange,
  fieldOfServerError,
  hasDuration,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type UserFormMode,
  type UserFormValues,
  userFormResolver,
  userFormValuesFrom,
  userValidation,
} from './user-form-values';

// The image dropzone and the emergency-contacts editor come in their own chunks, after the form's first
// paint (issue 9 §1); a skeleton holds their place meanwhile.
const ProfileImagePicker = lazy(() =>
  import('./user-form-image').then((m) => ({ default: m.ProfileImagePicker })),
);
const EmergencyContactsEditor = lazy(() =>
  import('./user-form-emergency').then((m) => ({ default: m.EmergencyContactsEditor })),
);

const LOADING: Record<UserFormMode, string> = {
  create: 'Creating user...',
  update: 'Updating user...',
  profile: 'Updating profile...',
};
const SUBMIT_LABEL: Record<UserFormMode, string> = {
  create: 'Create User',
  update: 'Update User',
  profile: 'Update Profile',
};
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

/** Form fields a server error may point at, per mode. */
const FIELDS: Record<UserFormMode, string[]> = {
  profile: [
    'name',
    'email',
    'phone',
    'gender',
    'dateOfBirth',
    'maritalStatus',
    'languages',
    'bio',
    'address',
    'emergencyContact',
    'socialMedia',
  ],
  update: [],
  create: [],
};
FIELDS.update = [...FIELDS.profile, 'employmentType', 'duration', 'roles', 'status', 'notes'];
FIELDS.create = [...FIELDS.update, 'password'];

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
    <Title order={3} size="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Paper>
);

/**
 * The one user form (spec 1 §4, §5): create and update by an administrator, and the profile update, which
 * hides employment, roles, status, notes and password. Validation is the domain schema of the mode.
 */
export const UserForm = ({ mode, user }: { mode: UserFormMode; user?: UserDto | null }) => {
  const admin = mode !== 'profile';
  const navigate = useNavigate();
  const location = useLocation();
  const { can } = useCan();
  const draftKey = location.pathname;
  const defaults = useMemo(() => userFormValuesFrom(user), [user]);
  userValidation.use();
  const form = useForm<UserFormValues>({
    defaultValues: defaults,
    resolver: useMemo(() => userFormResolver(mode), [mode]),
    // First on submit, then on every change; not on blur: a message appearing when a field is left moves
    // the controls below it, and the click that left it (say on Create) would land on nothing.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { control, register, formState, setValue, watch } = form;
  const errors = formState.errors;
  const rootRef = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [roleNames, setRoleNames] = useState<Record<string, string>>(() =>
    Object.fromEntries((user?.roles ?? []).map((r) => [r._id, r.name])),
  );

  // What was typed survives a reload or a dropped connection (never the password); the names of the
  // picked roles come back with it so the picker can show them.
  const draft = useFormDraft(form, {
    key: draftKey,
    base: defaults,
    omit: ['password'],
    extra: roleNames,
    onRestore: ({ extra }) => {
      if (extra) setRoleNames((n) => ({ ...extra, ...n }));
    },
  });

  const dirty = formState.isDirty || file !== null;
  const guard = useLeaveGuard(dirty, {
    message: 'You have unsaved changes. Do you want to discard them and leave this page?',
    onDiscard: draft.clear,
  });

  const employmentType = watch('employmentType');
  const showDuration = hasDuration(employmentType);
  const deleteImage = watch('deleteImage');

  const leaveTo =
    mode === 'create' ? '/admin/users' : mode === 'update' ? `/admin/users/${user?._id}` : '/hrm/profile';

  const discardDraft = () => {
    draft.discard();
    setFile(null);
  };

  const cancel = () => guard.leave(() => navigate(leaveTo));

  const save = useRecordSave({
    form,
    draft,
    guard,
    invalidate: mode === 'profile' ? [queryKeys.users.all, queryKeys.me] : [queryKeys.users.all],
  });

  const submit = (parsed: UserFormValues) => {
    // A create sends what is filled in; an update only what changed, clears included (see form-api).
    const validated = parsed as unknown as Record<string, unknown>;
    const payload =
      mode === 'create' ? stripEmpty(validated) : changedUserPayload(validated, form.getValues(), defaults);
    return save({
      loading: LOADING[mode],
      call: (key) => saveUser(mode, mode === 'create' ? undefined : user?._id, payload, file, key),
      onSaved: (result) =>
        navigate(mode === 'profile' ? '/hrm/profile' : `/admin/users/${result.data?._id ?? user?._id}`),
      onError: (error) => {
        const hit = isApiError(error)
          ? fieldOfServerError(error.status, error.body, error.message, FIELDS[mode])
          : null;
        if (hit) {
          form.setError(hit.field as FieldPath<UserFormValues>, { type: 'server', message: hit.message });
          focusFirstError(rootRef.current);
        }
      },
    });
  };

  const onSubmit = form.handleSubmit(submit, () => focusFirstError(rootRef.current));

  return (
    <form ref={rootRef} onSubmit={onSubmit} noValidate aria-label={SUBMIT_LABEL[mode]}>
      <Stack gap="md">
        {draft.restored && <DraftRestoredNotice onDiscard={discardDraft} />}

        <Section title="Profile image">
          <Suspense fallback={<Skeleton h={120} radius="md" aria-label="Loading the image picker" />}>
            <ProfileImagePicker
              name={watch('name')}
              currentUrl={user?.image?.url ?? null}
              file={file}
              deleted={deleteImage}
              onFile={(f) => {
                setFile(f);
                setValue('deleteImage', false);
              }}
              onRemove={() => {
                if (file) setFile(null);
                else setValue('deleteImage', true, { shouldDirty: true });
              }}
            />
          </Suspense>
        </Section>

        <Section title="Personal details">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              withAsterisk
              autoComplete="off"
              {...register('name')}
              error={errors.name?.message}
            />
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              autoComplete="off"
              {...register('email')}
              error={errors.email?.message}
            />
            <TextInput
              label="Phone"
              withAsterisk
              inputMode="tel"
              placeholder="9876543210 or 0674-1234567"
              autoComplete="off"
              {...register('phone')}
              error={errors.phone?.message}
            />
            <Controller
              control={control}
              name="gender"
              render={({ field }) => (
                <Select
                  label="Gender"
                  withAsterisk
                  data={[...GENDERS]}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.gender?.message}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={control}
              name="dateOfBirth"
              render={({ field }) => (
                <DateInput
                  label="Date of birth"
                  placeholder="DD/MM/YYYY"
                  valueFormat="DD/MM/YYYY"
                  maxDate={DATE_OF_BIRTH_MAX}
                  defaultDate="2000-01-01"
                  clearable
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.dateOfBirth?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="maritalStatus"
              render={({ field }) => (
                <Select
                  label="Marital status"
                  withAsterisk
                  data={[...MARITAL_STATUSES]}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.maritalStatus?.message}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={control}
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
                  error={errors.languages?.message}
                  placeholder={field.value.length ? undefined : 'Pick at least one'}
                />
              )}
            />
            <Textarea
              label="Bio"
              autosize
              minRows={2}
              maxRows={6}
              {...register('bio')}
              error={errors.bio?.message}
            />
          </SimpleGrid>
        </Section>

        {admin && (
          <Section title="Employment">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Controller
                control={control}
                name="employmentType"
                render={({ field }) => (
                  <Select
                    label="Employment type"
                    data={[...EMPLOYMENT_TYPES]}
                    value={field.value || null}
                    onChange={(v) => {
                      const next = v ?? '';
                      field.onChange(next);
                      // Spec 1 §4: leaving Contract/Internship resets the duration to 0.
                      const duration = durationAfterTypeChange(next, form.getValues('duration'));
                      if (duration !== form.getValues('duration'))
                        setValue('duration', duration, {
                          shouldDirty: true,
                          shouldValidate: formState.isSubmitted,
                        });
                    }}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.employmentType?.message}
                    clearable
                  />
                )}
              />
              {showDuration && (
                <Controller
                  control={control}
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
                      error={errors.duration?.message}
                      allowDeselect={false}
                    />
                  )}
                />
              )}
            </SimpleGrid>
          </Section>
        )}

        <Section title="Address">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Street"
              {...register('address.street')}
              error={errors.address?.street?.message}
            />
            <TextInput
              label="City"
              withAsterisk
              {...register('address.city')}
              error={errors.address?.city?.message}
            />
            <TextInput
              label="State"
              withAsterisk
              {...register('address.state')}
              error={errors.address?.state?.message}
            />
            <TextInput
              label="Country"
              withAsterisk
              {...register('address.country')}
              error={errors.address?.country?.message}
            />
            <TextInput
              label="Zip code"
              inputMode="numeric"
              {...register('address.zipCode')}
              error={errors.address?.zipCode?.message}
            />
          </SimpleGrid>
        </Section>

        {admin && (
          <Section title="Access">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Controller
                control={control}
                name="roles"
                render={({ field }) => (
                  <RolesPicker
                    value={field.value}
                    onChange={field.onChange}
                    names={roleNames}
                    onNames={setRoleNames}
                    canSearch={can('role', 'suggestion')}
                    error={errors.roles?.message}
                  />
                )}
              />
              {mode === 'update' && (
                <Controller
                  control={control}
                  name="status"
                  render={({ field }) => (
                    <Select
                      label="Status"
                      data={[...EDITABLE_USER_STATUSES]}
                      value={field.value || null}
                      onChange={(v) => field.onChange(v ?? '')}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={errors.status?.message}
                      placeholder={user?.status && !field.value ? user.status : undefined}
                    />
                  )}
                />
              )}
              {mode === 'create' && (
                <Controller
                  control={control}
                  name="password"
                  render={({ field }) => (
                    <NewUserPasswordInput
                      label="Password"
                      withAsterisk
                      value={field.value}
                      onChange={(e) => field.onChange(e.currentTarget.value)}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={errors.password?.message}
                    />
                  )}
                />
              )}
              <Textarea
                label="Notes"
                autosize
                minRows={2}
                maxRows={8}
                {...register('notes')}
                error={errors.notes?.message}
                style={{ gridColumn: '1 / -1' }}
              />
            </SimpleGrid>
          </Section>
        )}

        <Section title="Emergency contacts">
          <Controller
            control={control}
            name="emergencyContact"
            render={({ field }) => (
              <Suspense fallback={<Skeleton h={96} radius="md" aria-label="Loading emergency contacts" />}>
                <EmergencyContactsEditor
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.emergencyContact?.message ?? errors.emergencyContact?.root?.message}
                />
              </Suspense>
            )}
          />
        </Section>

        <Section title="Social media">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {SOCIAL_NETWORKS.map((k) => (
              <TextInput
                key={k}
                label={SOCIAL[k].label}
                leftSection={SOCIAL[k].icon}
                placeholder={SOCIAL[k].placeholder}
                type="url"
                autoComplete="off"
                {...register(`socialMedia.${k}`)}
                error={errors.socialMedia?.[k]?.message}
              />
            ))}
          </SimpleGrid>
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {SUBMIT_LABEL[mode]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
