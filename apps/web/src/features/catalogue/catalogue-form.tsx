import { zodResolver } from '@hookform/resolvers/zod';
import { CATALOGUE, CATALOGUE_SCHEMAS, type CatalogueKind, type CatalogueRecordDto } from '@karya/domain';
import { Alert, Button, Group, Loader, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useCan } from '../../app/auth';
import { DraftRestoredNotice } from '../../components/draft-restored-notice';
import { focusFirstError } from '../../lib/focus-first-error';
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
import { ImageField } from './image-field';

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
}: Props & { registerClose: (c: () => void) => void }) => {
  const info = CATALOGUE[kind];
  const base = { name: record?.name ?? '', description: record?.description ?? '' };
  const form = useForm<CatalogueFormInput>({
    defaultValues: base,
    resolver: resolvers[kind],
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const rootRef = useRef<HTMLFormElement>(null);
  const [image, setImage] = useState<File | null>(null);
  const [deleteImage, setDeleteImage] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const draft = useFormDraft(form, { key: record ? `${kind}:update:${record._id}` : `${kind}:create`, base });
  const guard = useLeaveGuard(form.formState.isDirty || Boolean(image) || deleteImage, {
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
      call: () =>
        record
          ? updateCatalogueRecord(kind, record._id, { ...values, deleteImage }, image)
          : createCatalogueRecord(kind, values, image),
      onSaved: () => onClose(),
      onError: (error) => setServerError(messageOf(error)),
    });
  };

  return (
    <form
      ref={rootRef}
      noValidate
      aria-label={`${record ? 'Update' : 'Create'} ${info.title}`}
      onSubmit={form.handleSubmit(submit, () => focusFirstError(rootRef.current))}
    >
      <Stack gap="md">
        {draft.restored && <DraftRestoredNotice onDiscard={draft.discard} />}
        {serverError && (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {serverError}
          </Alert>
        )}
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
        <ImageField
          label="Image"
          currentUrl={record?.image?.url ?? null}
          file={image}
          deleted={deleteImage}
          onFile={(f) => {
            setImage(f);
            if (f) setDeleteImage(false);
          }}
          onRemove={() => {
            if (image) setImage(null);
            else setDeleteImage(true);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {record ? 'Update' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** A deleted record opened from the list: what it is, and Restore / Delete Permanently by permission. */
const DeletedRecord = ({
  kind,
  record,
  onClose,
}: {
  kind: CatalogueKind;
  record: CatalogueRecordDto;
  onClose: () => void;
}) => {
  const info = CATALOGUE[kind];
  const { can } = useCan();
  const lifecycle = useCatalogueLifecycle(kind);
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" title={`This ${info.noun} is deleted`}>
        {record.name}
        {record.deletedBy ? ` — deleted by ${record.deletedBy.name}` : ''}
      </Alert>
      <Group justify="flex-end" gap="sm">
        {can(info.resource, 'restore') && (
          <Button
            disabled={lifecycle.running}
            onClick={async () => {
              if (await lifecycle.restore(record._id)) onClose();
            }}
          >
            Restore
          </Button>
        )}
        {can(info.resource, 'delete-permanently') && (
          <Button
            color="red"
            disabled={lifecycle.running}
            onClick={async () => {
              if (await lifecycle.removePermanently(record._id)) onClose();
            }}
          >
            Delete Permanently
          </Button>
        )}
      </Group>
    </Stack>
  );
};

/**
 * The create and update dialog of a brand, category or class on its list page (spec 3 §2). Opened with a
 * record id it loads the record: a live one shows the form (and Delete, by permission), a deleted one its
 * Restore / Delete Permanently. Full screen on a phone; closing a changed form asks first.
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
  const phone = useMediaQuery('(max-width: 48em)');
  const { can } = useCan();
  const query = useCatalogueRecord(kind, opened && recordId ? recordId : null);
  const lifecycle = useCatalogueLifecycle(kind);
  const closeRef = useRef<() => void>(onClose);
  const registerClose = useCallback((close: () => void) => {
    closeRef.current = close;
  }, []);
  const record = recordId ? query.data : null;
  const title = recordId ? (record?.isDeleted ? info.title : `Update ${info.title}`) : `Create ${info.title}`;
  return (
    <Modal
      opened={opened}
      onClose={() => closeRef.current()}
      title={title}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {!opened ? null : recordId && query.isPending ? (
        <Loader aria-label={`Loading ${info.noun}`} mx="auto" display="block" />
      ) : recordId && (query.isError || !record) ? (
        <Alert color="red" role="alert">
          {query.isError ? messageOf(query.error) : info.notFound}
        </Alert>
      ) : record?.isDeleted ? (
        <DeletedRecord kind={kind} record={record} onClose={onClose} />
      ) : (
        <Stack gap="md">
          <CatalogueForm
            key={record?._id ?? 'new'}
            kind={kind}
            record={record}
            onClose={onClose}
            registerClose={registerClose}
          />
          {record && can(info.resource, 'delete') && (
            <Group justify="flex-start">
              <Button
                variant="subtle"
                color="red"
                disabled={lifecycle.running}
                onClick={async () => {
                  if (await lifecycle.remove(record._id)) onClose();
                }}
              >
                Delete {info.title}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
};
