import {
  COLLEGE_TYPES,
  CUSTOMER_MARGIN_TIERS,
  CUSTOMER_TYPES,
  GOVERNMENT_TYPES,
  INSTITUTE_TYPES,
  OFFICE_TYPES,
  ORGANIZATION_TYPES,
  PRIVATE_TYPES,
  RATING_CATEGORIES,
  SCHOOL_BOARDS,
} from '@karya/domain';
import { SimpleGrid, TextInput, type TextInputProps } from '@mantine/core';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { fieldError, LongTextField, TextField } from '../../components/form/fields';
import { ChoiceField } from '../../components/form/native-select-fields';
import { FormSection } from '../../components/form/section';
import { type CustomerFormField, type CustomerFormState, phoneAsTyped } from './customer-form-values';

type Form = UseFormReturn<CustomerFormState>;

const options = (values: readonly string[], none = 'Not chosen') => [
  { value: '', label: none },
  ...values.map((v) => ({ value: v, label: v })),
];

/** A choice of the customer's lists; `onPick` runs after the value is set. */
const Choice = ({
  form,
  values,
  required = false,
  none,
  ...more
}: {
  form: Form;
  name: CustomerFormField;
  label: string;
  values: readonly string[];
  required?: boolean;
  none?: string;
  onPick?: (value: string) => void;
}) => <ChoiceField form={form} withAsterisk={required} data={options(values, none)} {...more} />;

/** A text input as the customer form's: no browser autofill. */
const Field = ({
  form,
  name,
  ...more
}: { form: Form; name: CustomerFormField; label: string } & Omit<
  TextInputProps,
  'form' | 'name' | 'error'
>) => <TextField form={form} name={name} autoComplete="off" {...more} />;

/** A text whose value is changed as typed (the phone without spaces, the GSTIN in upper case). */
const Shaped = ({
  form,
  name,
  label,
  shape,
  ...more
}: {
  form: Form;
  name: 'phone' | 'gstin';
  label: string;
  shape: (typed: string) => string;
  type?: string;
  inputMode?: 'tel';
  description?: string;
  maxLength?: number;
}) => (
  <Controller
    control={form.control}
    name={name}
    render={({ field }) => (
      <TextInput
        label={label}
        autoComplete="off"
        {...more}
        value={field.value}
        onChange={(e) => field.onChange(shape(e.currentTarget.value))}
        onBlur={field.onBlur}
        ref={field.ref}
        error={fieldError(form, name)}
      />
    )}
  />
);

/** The customer: type (Individual clears the organisation: `onType`), name, e-mail, phone, website, GSTIN. */
export const CustomerSection = ({ form, onType }: { form: Form; onType: (type: string) => void }) => (
  <FormSection title="Customer">
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Choice
        form={form}
        name="type"
        label="Customer type"
        required
        none="Choose a type"
        values={CUSTOMER_TYPES}
        onPick={onType}
      />
      <Field form={form} name="name" label="Name" withAsterisk />
      <Field form={form} name="email" label="Email" />
      <Shaped form={form} name="phone" label="Phone" type="tel" inputMode="tel" shape={phoneAsTyped} />
      <Field form={form} name="website" label="Website" />
      <Shaped
        form={form}
        name="gstin"
        label="GSTIN"
        description="Its state decides IGST or CGST + SGST on sales"
        maxLength={15}
        // Upper case as typed, as GSTINs are written.
        shape={(typed) => typed.toUpperCase()}
      />
    </SimpleGrid>
  </FormSection>
);

/** Organisations only: the organisation tree, each level shown once the one above it asks for it. */
export const OrganizationSection = ({ form }: { form: Form }) => {
  const [organizationType, governmentType, privateType, instituteType] = useWatch({
    control: form.control,
    name: ['organizationType', 'governmentType', 'privateType', 'instituteType'],
  });
  const institute =
    (organizationType === 'Government' && governmentType === 'Institute') ||
    (organizationType === 'Private' && privateType === 'Institute');
  const choice = (name: CustomerFormField, label: string, values: readonly string[], required = false) => (
    <Choice form={form} name={name} label={label} values={values} required={required} />
  );
  return (
    <FormSection title="Organization Information">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {choice('organizationType', 'Organization type', ORGANIZATION_TYPES)}
        {organizationType === 'Government' &&
          choice('governmentType', 'Government type', GOVERNMENT_TYPES, true)}
        {organizationType === 'Private' && choice('privateType', 'Private type', PRIVATE_TYPES, true)}
        {organizationType === 'Government' &&
          governmentType === 'Office' &&
          choice('officeType', 'Office type', OFFICE_TYPES, true)}
        {institute && choice('instituteType', 'Institute type', INSTITUTE_TYPES, true)}
        {institute &&
          instituteType === 'School' &&
          choice('schoolBoard', 'School board', SCHOOL_BOARDS, true)}
        {institute &&
          instituteType === 'College' &&
          choice('collegeType', 'College type', COLLEGE_TYPES, true)}
      </SimpleGrid>
    </FormSection>
  );
};

export const AddressSection = ({ form }: { form: Form }) => (
  <FormSection title="Address">
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Field form={form} name="street" label="Street" />
      <Field form={form} name="city" label="City" />
      <Field form={form} name="district" label="District" />
      <Field form={form} name="state" label="State" />
      <Field form={form} name="country" label="Country" />
      <Field form={form} name="zipCode" label="Zip Code" />
    </SimpleGrid>
  </FormSection>
);

/** Year, students, rating and its category, the margin tier (for who may read margins), courses and notes. */
export const AdditionalSection = ({ form, canMargin }: { form: Form; canMargin: boolean }) => (
  <FormSection title="Additional Things">
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Field form={form} name="establishmentYear" label="Establishment Year" inputMode="numeric" />
      <Field form={form} name="numberOfStudents" label="Number of Students" inputMode="numeric" />
      <Field form={form} name="rating" label="Rating" description="0 to 5" inputMode="decimal" />
      <Choice form={form} name="ratingCategory" label="Rating category" values={RATING_CATEGORIES} />
      {canMargin && (
        <Choice form={form} name="marginTier" label="Margin tier" values={CUSTOMER_MARGIN_TIERS} />
      )}
      <LongTextField form={form} name="coursesOffered" label="Courses Offered" rows={[2, 6]} />
      <LongTextField
        form={form}
        name="notes"
        label="Notes"
        description="One note per line"
        rows={[3, 10]}
        wide
      />
    </SimpleGrid>
  </FormSection>
);
