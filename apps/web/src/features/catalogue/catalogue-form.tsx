import { zodResolver } from '@hookform/resolvers/zod';
import { CATALOGUE, CATALOGUE_SCHEMAS, type CatalogueKind, type CatalogueRecordDto } from '@karya/domain';
import { type ReactNode, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useDialogFormGuard } from '../../components/form/dialog-guard';
import { NameAndDescription } from '../../components/form/fields';
import { FormActions } from '../../components/form/form-actions';
import { FormFrame } from '../../components/form/form-frame';
import { saveErrorContent } from '../../components/record/name-taken';
import { RecordDialog, type RegisterClose } from '../../components/record/record-dialog';
import { describeDraft, useFormDraft } from '../../lib/form-draft';
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
  const [serverError, setServerError] = useState<ReactNode>(null);
  const draft = useFormDraft(form, {
    key: record ? `${kind}:update:${record._id}` : `${kind}:create`,
    describe: ({ values }) =>
      describeDraft(CATALOGUE[kind].noun, { updating: Boolean(record), name: record?.name ?? values.name }),
    base,
  });
  const { guard, close } = useDialogFormGuard({
    dirty: form.formState.isDirty || image.changed,
    onDiscard: draft.clear,
    onClose,
    registerClose,
  });
  const save = useRecordSave({ form, draft, guard, invalidate: [catalogueKeys[kind].all] });

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
      // A taken name links to the record that holds it, opened in its dialog on this list (issue 23).
      onError: (error) => setServerError(saveErrorContent(error, (id) => `${info.path}#update-${id}`)),
    });
  };

  const label = `${record ? 'Update' : 'Create'} ${info.title}`;
  return (
    <FormFrame form={form} label={label} onValid={submit} draft={draft} serverError={serverError}>
      <NameAndDescription form={form} descriptionRows={6} />
      <ImageField label="Image" currentUrl={record?.image?.url ?? null} {...image.field} />
      <FormActions form={form} onCancel={close} submitLabel={record ? 'Update' : 'Create'} />
    </FormFrame>
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
