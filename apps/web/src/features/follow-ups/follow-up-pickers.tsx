import { type CustomerSuggestion, formatCustomerId, formatQuotationId } from '@karya/domain';
import { UserMultiSelect } from '../../components/pickers/user-pickers';
import { type RefNames, RefSelect, type RefSource } from '../../components/record/ref-pickers';
import { api } from '../../lib/api';
import { projectOption, searchProjects } from '../projects/api';
import { searchQuotations } from '../quotations/api';
import { fetchUserSuggestions } from '../users/api';
import { fetchRequirementOptions } from './api';

// The follow-up form's pickers (combobox code): a chunk of their own, fetched as the form renders.

/** GET /crm/customers/suggestion: only customers the caller can see. */
const customerSource: RefSource = {
  queryKey: (name, selected) => ['customers', 'suggestion', 'picker', name, selected],
  fetch: async (name, selectedIds, signal) =>
    (
      (
        await api.get<CustomerSuggestion[]>(
          '/crm/customers/suggestion',
          { name, selectedIds: selectedIds.length ? selectedIds.join(',') : undefined },
          { signal },
        )
      ).data ?? []
    ).map((c) => ({ _id: c._id, name: `${formatCustomerId(c.customerId)} · ${c.name}` })),
};
const userSource: RefSource = {
  queryKey: (name, selected) => ['users', 'suggestion', 'picker', name, selected],
  fetch: async (name, selectedIds, signal) =>
    ((await fetchUserSuggestions(name, signal, selectedIds)) ?? []).map((u) => ({
      _id: u._id,
      name: u.name,
    })),
};
const requirementSource = (customer: string): RefSource => ({
  queryKey: (title, selected) => ['requirements', 'suggestion', 'picker', customer, title, selected],
  fetch: (title, selectedIds, signal) => fetchRequirementOptions(customer, title, selectedIds, signal),
});

/** GET /crm/quotations/suggestion: the chosen customer's quotations by number (a digit typed) or title. */
const quotationSource = (customer: string): RefSource => ({
  queryKey: (text, selected) => ['quotations', 'suggestion', 'picker', customer, text, selected],
  fetch: async (text, _selectedIds, signal) =>
    (await searchQuotations(text, signal, customer || undefined)).map((q) => ({
      _id: q._id,
      name: `${formatQuotationId(q.quotationId, q.versionNumber)} · ${q.title}`,
    })),
});

/**
 * GET /crm/projects/suggestion: the chosen customer's projects by number (a digit typed) or title; the
 * picked one asked by `selectedId` when its name is not known (an update form).
 */
const projectSource = (customer: string): RefSource => ({
  queryKey: (text, selected) => ['projects', 'suggestion', 'picker', customer, text, selected],
  fetch: async (text, selectedIds, signal) =>
    (
      await searchProjects(text, signal, { customerId: customer || undefined, selectedId: selectedIds[0] })
    ).map(projectOption),
});

export type PickerProps = {
  label: string;
  withAsterisk?: boolean;
  value: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  error?: string;
  canSearch: boolean;
  names: RefNames;
  onNames: (names: RefNames) => void;
};

/** A RefSelect holding one id as the form does: '' for none. */
const OneRef = ({
  value,
  onChange,
  ...props
}: PickerProps & { source: RefSource; plural: string; known?: { _id: string; name: string }[] }) => (
  <RefSelect {...props} value={value || null} onChange={(id) => onChange(id ?? '')} />
);

export const CustomerPicker = (props: PickerProps) => (
  <OneRef {...props} source={customerSource} plural="customers" />
);

export const UserPicker = ({
  self,
  ...props
}: PickerProps & { self: { _id: string; name: string } | null }) => (
  <OneRef {...props} source={userSource} plural="users" known={self ? [self] : []} />
);

/**
 * The picker of one of the chosen customer's records (a reason's requirement, quotation or project): its
 * search keeps to that customer, and a change of customer starts it afresh.
 */
const customerRecordPicker =
  (sourceFor: (customer: string) => RefSource, plural: string) =>
  ({ customer, ...props }: PickerProps & { customer: string }) => (
    <OneRef key={customer} {...props} source={sourceFor(customer)} plural={plural} />
  );

export const RequirementPicker = customerRecordPicker(requirementSource, 'requirements');
export const QuotationPicker = customerRecordPicker(quotationSource, 'quotations');
export const ProjectPicker = customerRecordPicker(projectSource, 'projects');

export const VisitorsPicker = UserMultiSelect;
