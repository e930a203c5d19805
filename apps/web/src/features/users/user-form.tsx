import { stripEmpty, type UserDto } from '@karya/domain';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { GuardedFormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { usePageFormGuard } from '../../components/form/page-guard';
import { FormSection } from '../../components/form/section';
import { isApiError } from '../../lib/api';
import { focusFirstError } from '../../lib/focus-first-error';
import { describeDraft, useFormDraft } from '../../lib/form-draft';
import { queryKeys } from '../../lib/query-keys';
import { useRecordSave } from '../../lib/record-save';
import { saveUser } from './form-api';
import {
  AccessSection,
  AddressSection,
  EmploymentSection,
  PersonalSection,
  SocialSection,
} from './user-form-sections';
import {
  changedUserPayload,
  fieldOfServerError,
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

/**
 * The one user form (spec 1 §4, §5): create and update by an administrator, and the profile update, which
 * hides employment, roles, status, notes and password. Validation is the domain schema of the mode.
 */
export const UserForm = ({ mode, user }: { mode: UserFormMode; user?: UserDto | null }) => {
  const admin = mode !== 'profile';
  const navigate = useNavigate();
  const location = useLocation();
  const draftKey = location.pathname;
  const defaults = useMemo(() => userFormValuesFrom(user), [user]);
  userValidation.use();
  const form = useCheckedForm<UserFormValues>(
    defaults,
    useMemo(() => userFormResolver(mode), [mode]),
  );
  const { control, formState, setValue, watch } = form;
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
    describe: ({ values }) => describeDraft('user', { updating: mode !== 'create', name: values.name }),
    base: defaults,
    omit: ['password'],
    extra: roleNames,
    onRestore: ({ extra }) => {
      if (extra) setRoleNames((n) => ({ ...extra, ...n }));
    },
  });

  const dirty = formState.isDirty || file !== null;
  const guard = usePageFormGuard(dirty, draft.clear);

  const deleteImage = watch('deleteImage');

  const leaveTo =
    mode === 'create' ? '/admin/users' : mode === 'update' ? `/admin/users/${user?._id}` : '/hrm/profile';

  const discardDraft = () => {
    draft.discard();
    setFile(null);
  };

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

  return (
    <FormFrame
      form={form}
      label={SUBMIT_LABEL[mode]}
      onValid={submit}
      formRef={rootRef}
      draft={draft}
      onDiscardDraft={discardDraft}
    >
      <FormSection title="Profile image">
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
      </FormSection>

      <PersonalSection form={form} />
      {admin && <EmploymentSection form={form} />}
      <AddressSection form={form} />
      {admin && (
        <AccessSection form={form} mode={mode} user={user} roleNames={roleNames} onRoleNames={setRoleNames} />
      )}

      <FormSection title="Emergency contacts">
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
      </FormSection>

      <SocialSection form={form} />
      <GuardedFormActions guard={guard} leaveTo={leaveTo} submitLabel={SUBMIT_LABEL[mode]} form={form} />
    </FormFrame>
  );
};
