import { COMPANY_SETTINGS_RESOURCE, type CompanySettingsDto, GST_STATE_CODES } from '@karya/domain';
import { Alert, Fieldset, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useCan } from '../../app/auth';
import { TextareaField, TextField } from '../../components/form/fields';
import { FormActions } from '../../components/form/form-actions';
import { FormFrame, useCheckedForm } from '../../components/form/form-frame';
import { NativeSelectField } from '../../components/form/native-select-fields';
import { usePageFormGuard } from '../../components/form/page-guard';
import { PageHeader } from '../../components/page-header';
import { lazyValidation } from '../../lib/lazy-validation';
import { useRecordSave } from '../../lib/record-save';
import { ImageField, useImageChoice } from '../catalogue/image-field';
import {
  type CompanySettingsFormInput,
  companySettingsKey,
  updateCompanySettings,
  useCompanySettings,
} from './api';

const validation = lazyValidation(() => import('./settings-validation'));
const resolver = validation.resolver<CompanySettingsFormInput>((m) => m.companySettingsResolver);
const STATES = [...new Set(Object.values(GST_STATE_CODES))].sort();
const NO_DRAFT = { clear: () => undefined };

const valuesFrom = (s: CompanySettingsDto): CompanySettingsFormInput => ({
  name: s.name,
  address: s.address,
  gstin: s.gstin ?? '',
  state: s.state,
  bankAccountName: s.bankAccountName,
  bankAccountNumber: s.bankAccountNumber,
  ifsc: s.ifsc,
  bankBranch: s.bankBranch,
  terms: s.terms,
  declaration: s.declaration,
  saleInvoiceSeries: s.saleInvoiceSeries,
});

/** The form: Company, Bank Account, Document texts; read-only fields without update on company-settings. */
const CompanySettingsForm = ({ settings, canEdit }: { settings: CompanySettingsDto; canEdit: boolean }) => {
  const base = useMemo(() => valuesFrom(settings), [settings]);
  validation.use();
  const form = useCheckedForm<CompanySettingsFormInput>(base, resolver);
  const logo = useImageChoice();
  const guard = usePageFormGuard(form.formState.isDirty || logo.changed);
  const save = useRecordSave({ form, draft: NO_DRAFT, guard, invalidate: [companySettingsKey] });

  const submit = (values: CompanySettingsFormInput) =>
    save({
      loading: 'Saving company settings',
      call: (key) => updateCompanySettings({ ...values, deleteLogo: logo.deleted }, logo.file, key),
      onSaved: (answer) => {
        if (answer.data) form.reset(valuesFrom(answer.data));
        logo.field.onFile(null);
      },
    });

  return (
    <FormFrame form={form} label="Company Settings" onValid={submit}>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          <Fieldset legend="Company" variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextField form={form} name="name" label="Company Name" withAsterisk autoComplete="off" />
              <NativeSelectField
                form={form}
                name="state"
                label="State"
                description="The place of supply is compared with it: CGST + SGST within it, else IGST"
                data={STATES}
                withAsterisk
              />
              <TextField
                form={form}
                name="gstin"
                label="GSTIN"
                autoComplete="off"
                maxLength={15}
                style={{ textTransform: 'uppercase' }}
              />
            </SimpleGrid>
            <TextareaField
              form={form}
              name="address"
              label="Address"
              mt="md"
              autosize
              minRows={2}
              maxRows={5}
            />
            <Stack mt="md">
              <ImageField label="Logo" currentUrl={settings.logo?.url ?? null} {...logo.field} />
            </Stack>
          </Fieldset>
          <Fieldset legend="Bank Account" variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextField form={form} name="bankAccountName" label="Account Name" autoComplete="off" />
              <TextField
                form={form}
                name="bankAccountNumber"
                label="Account Number"
                inputMode="numeric"
                autoComplete="off"
              />
              <TextField
                form={form}
                name="ifsc"
                label="IFSC"
                placeholder="SBIN0001234"
                maxLength={11}
                autoComplete="off"
                style={{ textTransform: 'uppercase' }}
              />
              <TextField form={form} name="bankBranch" label="Branch" autoComplete="off" />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="Tax invoices" variant="unstyled">
            <TextField
              form={form}
              name="saleInvoiceSeries"
              label="Invoice number series"
              description="A new sale proposes the next number: {FY} is the financial year (2026-27), {fy} its short form (26-27); INV/{FY}/ gives INV/2026-27/0001. At most 16 characters with the number."
              autoComplete="off"
            />
          </Fieldset>
          <Fieldset legend="On every quotation" variant="unstyled">
            <TextareaField
              form={form}
              name="terms"
              label="Terms and Conditions"
              description="One a line; printed as a numbered list"
              autosize
              minRows={4}
              maxRows={10}
            />
            <TextareaField
              form={form}
              name="declaration"
              label="Declaration"
              mt="md"
              autosize
              minRows={2}
              maxRows={6}
            />
          </Fieldset>
        </Stack>
      </fieldset>
      {canEdit ? (
        <FormActions
          form={form}
          submitLabel="Save"
          onCancel={() => {
            form.reset(base);
            logo.field.onFile(null);
          }}
        />
      ) : null}
    </FormFrame>
  );
};

/** /admin/settings/company (issue 25): the company and bank details every quotation prints. */
export const CompanySettingsPage = () => {
  const { can } = useCan();
  const query = useCompanySettings();
  return (
    <Stack gap={0} maw={1000}>
      <PageHeader title="Company Settings" />
      {query.isPending ? (
        <Loader aria-label="Loading company settings" />
      ) : query.data ? (
        <>
          {query.data.updatedBy ? (
            <Text size="sm" c="dimmed" mb="sm">
              Last changed by {query.data.updatedBy.name}
            </Text>
          ) : null}
          <CompanySettingsForm
            key={query.data.updatedAt ?? 'first'}
            settings={query.data}
            canEdit={can(COMPANY_SETTINGS_RESOURCE, 'update')}
          />
        </>
      ) : (
        <Alert color="red">The company settings could not be loaded.</Alert>
      )}
    </Stack>
  );
};
