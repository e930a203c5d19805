import { zodResolver } from '@hookform/resolvers/zod';
import { VENDOR_MESSAGES, type VendorDto, vendorCreateSchema } from '@karya/domain';
import { Fieldset, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import { useDialogFormGuard } from '../../components/form/dialog-guard';
import { TextareaField, TextField } from '../../components/form/fields';
import { FormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { saveErrorContent } from '../../components/record/name-taken';
import { RecordDialog, type RegisterClose } from '../../components/record/record-dialog';
import { describeDraft, useFormDraft } from '../../lib/form-draft';
import { useRecordSave } from '../../lib/record-save';
import { ImageField, useImageChoice } from '../catalogue/image-field';
import { createVendor, updateVendor, useVendor, type VendorFormInput, vendorKeys } from './api';

const resolver = zodResolver(vendorCreateSchema) as unknown as Resolver<VendorFormInput>;

const valuesFrom = (v?: VendorDto | null): VendorFormInput => ({
  name: v?.name ?? '',
  email: v?.email ?? '',
  phone: v?.phone ?? '',
  address: v?.address ?? '',
  website: v?.website ?? '',
  gstin: v?.gstin ?? '',
  rating: v?.rating ?? '',
  contactPerson: {
    name: v?.contactPerson?.name ?? '',
    designation: v?.contactPerson?.designation ?? '',
    email: v?.contactPerson?.email ?? '',
    phone: v?.contactPerson?.phone ?? '',
  },
});

const VendorForm = ({
  vendor,
  onClose,
  onSaved,
  registerClose,
}: {
  vendor?: VendorDto | null;
  onClose: () => void;
  onSaved?: (vendor: VendorDto | null) => void;
  registerClose: RegisterClose;
}) => {
  const base = valuesFrom(vendor);
  const form = useCheckedForm<VendorFormInput>(base, resolver);
  const image = useImageChoice();
  const [serverError, setServerError] = useState<ReactNode>(null);
  const draft = useFormDraft(form, {
    key: vendor ? `vendor:update:${vendor._id}` : 'vendor:create',
    describe: ({ values }) =>
      describeDraft('vendor', { updating: Boolean(vendor), name: vendor?.name ?? values.name }),
    base,
  });
  const { guard, close } = useDialogFormGuard({
    dirty: form.formState.isDirty || image.changed,
    onDiscard: draft.clear,
    onClose,
    registerClose,
  });
  const save = useRecordSave({ form, draft, guard, invalidate: [vendorKeys.all] });
  const errors = form.formState.errors;

  const submit = (values: VendorFormInput) => {
    setServerError(null);
    return save({
      loading: vendor ? 'Updating vendor' : 'Creating vendor',
      call: (key) =>
        vendor
          ? updateVendor(vendor._id, { ...values, deleteImage: image.deleted }, image.file, key)
          : createVendor(values, image.file, key),
      onSaved: (answer) => {
        onSaved?.(answer.data ?? null);
        onClose();
      },
      // A taken name links to the vendor that holds it (issue 23).
      onError: (error) => setServerError(saveErrorContent(error, (id) => `/admin/products/vendors/${id}`)),
    });
  };

  const contact = (name: 'name' | 'designation' | 'email' | 'phone', label: string) => (
    <TextField form={form} name={`contactPerson.${name}`} label={label} autoComplete="off" />
  );

  return (
    <FormFrame
      form={form}
      label={vendor ? 'Update Vendor' : 'Create Vendor'}
      onValid={submit}
      draft={draft}
      serverError={serverError}
    >
      <Fieldset legend="Basic Information" variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField
            form={form}
            name="name"
            label="Vendor Name"
            autoComplete="off"
            withAsterisk
            data-autofocus
          />
          <TextField form={form} name="email" label="Email" autoComplete="off" type="email" />
          <TextField
            form={form}
            name="phone"
            label="Phone"
            autoComplete="off"
            type="tel"
            placeholder="9876543210 or 0674-1234567"
          />
          <TextField
            form={form}
            name="website"
            label="Website"
            autoComplete="off"
            placeholder="www.example.in"
          />
          <Controller
            control={form.control}
            name="gstin"
            render={({ field }) => (
              <TextInput
                label="GSTIN"
                description="Its state decides IGST or CGST + SGST on purchases"
                autoComplete="off"
                maxLength={15}
                value={field.value}
                // Upper case as typed, as GSTINs are written.
                onChange={(e) => field.onChange(e.currentTarget.value.toUpperCase())}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.gstin?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <NumberInput
                label="Rating"
                description="0 to 5"
                min={0}
                max={5}
                step={0.5}
                decimalScale={2}
                clampBehavior="none"
                value={field.value}
                onChange={(v) => field.onChange(v)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.rating?.message}
              />
            )}
          />
        </SimpleGrid>
        <TextareaField form={form} name="address" label="Address" mt="md" autosize minRows={2} maxRows={4} />
      </Fieldset>
      <Fieldset legend="Contact Person" variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {contact('name', 'Name')}
          {contact('designation', 'Designation')}
          {contact('email', 'Email')}
          {contact('phone', 'Phone')}
        </SimpleGrid>
      </Fieldset>
      <ImageField label="Vendor Image" currentUrl={vendor?.image?.url ?? null} {...image.field} />
      <FormActions form={form} onCancel={close} submitLabel={vendor ? 'Update' : 'Create'} />
    </FormFrame>
  );
};

/**
 * The vendor dialog ('Create Vendor' / 'Update Vendor') on the vendor list. A deleted vendor is only
 * named: its Restore and Delete Permanently are on Vendor Details.
 */
export const VendorFormModal = ({
  opened,
  vendorId,
  onClose,
  onSaved,
}: {
  opened: boolean;
  vendorId?: string | null;
  onClose: () => void;
  onSaved?: (vendor: VendorDto | null) => void;
}) => {
  const query = useVendor(opened && vendorId ? vendorId : null);
  return (
    <RecordDialog<VendorDto>
      opened={opened}
      onClose={onClose}
      recordId={vendorId}
      query={query}
      titles={{ create: 'Create Vendor', update: 'Update Vendor', deleted: 'Vendor' }}
      noun="vendor"
      notFoundText={VENDOR_MESSAGES.notFound}
      resource="product-vendor"
      size="xl"
    >
      {(vendor, registerClose) => (
        <VendorForm
          key={vendor?._id ?? 'new'}
          vendor={vendor}
          onClose={onClose}
          onSaved={onSaved}
          registerClose={registerClose}
        />
      )}
    </RecordDialog>
  );
};
