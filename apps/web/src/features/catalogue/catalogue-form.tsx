import { zodResolver } from '@hookform/resolvers/zod';
import { CATALOGUE, CATALOGUE_SCHEMAS, type CatalogueKind, type CatalogueRecordDto } from '@karya/domain';
import { Textarea, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { DialogForm, RecordDialog, type RegisterClose } from '../../components/record/record-dialog';
import { useFormDraft } from '../../lib/form-draft';
import { useLeaveGuard } from '../../lib/leave-guard';
import { messageOf } from '../../lib/notify';
import { useRecordSave } from '../../lib/record-save';
import {
  type CatalogueFormInput,
  catalogueKeys,
  createCatalogueRecord,
  updateCatalogueRecord,
  useCatalogueLifecycle,
  useCatalogueRecord,
} from './api';
import { ImageField, useImageChoice } from './image-field';

type Props = { kind: CatalogueKind; record?: CatalogueRecordDto | null; onClose: () => void };

const resolvers = {
  brand: zodResolver(CATALOGUE_SCHEMAS.brand.create) as unknown as Resolver<CatalogueFormInput>,
  category: zodResolver(CATALOGUE_SCHEMAS.category.create) as unknown as Resolver<CatalogueFormInput>,
  class: zodResolver(CATALOGUE_SCHEMAS.class.create) as unknown as Resolver<CatalogueFormInput>,
};

/** Create or update a brand, category or class: name (required), description and image. */
const CatalogueForm = ({
  kind,
  record,
  onClose,
  registerClose,
}: Props & { registerClose: RegisterClose }) => {
  const info = CATALOGUE[kind];
  const base = { name: record?.name ?? '', description: record?.description ?? '' };
  const form = useForm<CatalogueFormInput>({
    defaultValues: base,
    resolver: resolvers[kind],
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const image = useImageChoice();
  const [serverError, setServerError] = useState<string | null>(null);
  const draft = useFormDraft(form, { key: record ? `${kind}:update:${record._id}` : `${kind}:create`, base });
  const guard = useLeaveGuard(form.formState.isDirty || image.changed, {
    onDiscard: draft.clear,
  });
  const { leave } = guard;
  const close = useCallback(() => leave(onClose), [leave, onClose]);
  useEffect(() => registerClose(close), [registerClose, close]);
  const save = useRecordSave({ form, draft, guard, invalidate: [catalogueKeys[kind].all] });
  const errors = form.formState.errors;

  const submit = (values: CatalogueFormInput) => {
    setServerError(null);
    return save({
      loading: record ? `Updating ${info.noun}` : `Creating ${info.noun}`,
      call: (key) =>
        record
          ? updateCatalogueRecord(
              kind,
              record._id,
              { ...values, deleteImage: image.deleted },
              image.file,
              key,
            )
          : createCatalogueRecord(kind, values, image.file, key),
      onSaved: () => onClose(),
      onError: (error) => setServerError(messageOf(error)),
    });
  };

  return (
    <DialogForm
      label={`${record ? 'Update' : 'Create'} ${info.title}`}
      onSubmit={(focusInvalid) => form.handleSubmit(submit, focusInvalid)}
      draft={draft}
      serverError={serverError}
      onCancel={close}
      submitting={form.formState.isSubmitting}
      submitLabel={record ? 'Update' : 'Create'}
    >
      <TextInput
        label="Name"
        withAsterisk
        autoComplete="off"
        data-autofocus
        {...form.register('name')}
        error={errors.name?.message}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={6}
        {...form.register('description')}
        error={errors.description?.message}
      />
      <ImageField label="Image" currentUrl={record?.image?.url ?? null} {...image.field} />
    </DialogForm>
  );
};

/**
 * The create and update dialog of a brand, category or class on its list page (spec 3 §2): the form, and
 * Delete / Restore / Delete Permanently by permission (RecordDialog).
 */
export const CatalogueFormModal = ({
  kind,
  opened,
  recordId,
  onClose,
}: {
  kind: CatalogueKind;
  opened: boolean;
  recordId?: string | null;
  onClose: () => void;
}) => {
  const info = CATALOGUE[kind];
  const query = useCatalogueRecord(kind, opened && recordId ? recordId : null);
  const lifecycle = useCatalogueLifecycle(kind);
  return (
    <RecordDialog<CatalogueRecordDto>
      opened={opened}
      onClose={onClose}
      recordId={recordId}
      query={query}
      titles={{ create: `Create ${info.title}`, update: `Update ${info.title}`, deleted: info.title }}
      noun={info.noun}
      notFoundText={info.notFound}
      resource={info.resource}
      lifecycle={{ ...lifecycle, deleteLabel: `Delete ${info.title}` }}
      history={(id) => ({
        path: `${info.path}/${id}/history`,
        queryKey: [...catalogueKeys[kind].detail(id), 'history'],
      })}
    >
      {(record, registerClose) => (
        <CatalogueForm
          key={record?._id ?? 'new'}
          kind={kind}
          record={record}
          onClose={onClose}
          registerClose={registerClose}
        />
      )}
    </RecordDialog>
  );
};
