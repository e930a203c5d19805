import { zodResolver } from '@hookform/resolvers/zod';
import { VENDOR_MESSAGES, type VendorDto, vendorCreateSchema } from '@karya/domain';
import { Fieldset, NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { DialogForm, RecordDialog, type RegisterClose } from '../../components/record/record-dialog';
import { useFormDraft } from '../../lib/form-draft';
import { useLeaveGuard } from '../../lib/leave-guard';
import { messageOf } from '../../lib/notify';
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
  const form = useForm<VendorFormInput>({
    defaultValues: base,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const image = useImageChoice();
  const [serverError, setServerError] = useState<string | null>(null);
  const draft = useFormDraft(form, { key: vendor ? `vendor:update:${vendor._id}` : 'vendor:create', base });
  const guard = useLeaveGuard(form.formState.isDirty || image.changed, {
    onDiscard: draft.clear,
  });
  const { leave } = guard;
  const close = useCallback(() => leave(onClose), [leave, onClose]);
  useEffect(() => registerClose(close), [registerClose, close]);
  const save = useRecordSave({ form, draft, guard, invalidate: [vendorKeys.all] });
  const errors = form.formState.errors;
  const cpErrors = errors.contactPerson as Record<string, { message?: string }> | undefined;

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
      onError: (error) => setServerError(messageOf(error)),
    });
  };

  const text = (name: 'name' | 'email' | 'phone' | 'website', label: string, extra: object = {}) => (
    <TextInput
      label={label}
      autoComplete="off"
      {...form.register(name)}
      error={errors[name]?.message}
      {...extra}
    />
  );
  const contact = (name: 'name' | 'designation' | 'email' | 'phone', label: string) => (
    <TextInput
      label={label}
      autoComplete="off"
      {...form.register(`contactPerson.${name}`)}
      error={cpErrors?.[name]?.message}
    />
  );

  return (
    <DialogForm
      label={vendor ? 'Update Vendor' : 'Create Vendor'}
      onSubmit={(focusInvalid) => form.handleSubmit(submit, focusInvalid)}
      draft={draft}
      serverError={serverError}
      onCancel={close}
      submitting={form.formState.isSubmitting}
      submitLabel={vendor ? 'Update' : 'Create'}
    >
      <Fieldset legend="Basic Information" variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('name', 'Vendor Name', { withAsterisk: true, 'data-autofocus': true })}
          {text('email', 'Email', { type: 'email' })}
          {text('phone', 'Phone', { type: 'tel', placeholder: '9876543210 or 0674-1234567' })}
          {text('website', 'Website', { placeholder: 'www.example.in' })}
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
        <Textarea
          label="Address"
          mt="md"
          autosize
          minRows={2}
          maxRows={4}
          {...form.register('address')}
          error={errors.address?.message}
        />
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
    </DialogForm>
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
