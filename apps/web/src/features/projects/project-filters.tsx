import { formatProjectId, formatQuotationId, PROJECT_STATUSES, projectIdFilterValue } from '@karya/domain';
import { ChoiceFilter, RefFilter, SequenceIdFilter, showDeleted } from '../../components/list/filter-fields';
import { DatedLifecycleFilters } from '../../components/list/filter-kinds';
import type { RefSource } from '../../components/record/ref-pickers';
import { searchQuotations } from '../quotations/api';
import { requirementSource } from '../quotations/quotation-filters';
import { customerSource } from '../requirements/ref-sources';

/** GET /crm/quotations/suggestion: the caller's quotations by number (a digit typed) or title. */
const quotationSource: RefSource = {
  queryKey: (text, selected) => ['quotations', 'suggestion', 'filter', text, selected],
  fetch: async (text, _selectedIds, signal) =>
    (await searchQuotations(text, signal)).map((q) => ({
      _id: q._id,
      name: `${formatQuotationId(q.quotationId, q.versionNumber)} · ${q.title}`,
    })),
};

/** What changes which filters show: the pickers need suggestion on their resource. */
export type ProjectFilterPermissions = {
  users: boolean;
  customers: boolean;
  requirements: boolean;
  quotations: boolean;
};

/**
 * The inputs of 'Filter Projects' (spec 3 §2 "Project filter"): project ID, status, customer, requirement,
 * quotation, created by, created and updated ranges, and with restore Deleted and Deleted By.
 */
export const ProjectFilterFields = ({
  canSeeDeleted,
  may,
}: {
  canSeeDeleted: boolean;
  may: ProjectFilterPermissions;
}) => (
  <>
    <SequenceIdFilter
      name="projectId"
      label="Project ID"
      placeholder="PI0001 or 1"
      format={(n) => formatProjectId(n)}
      parse={projectIdFilterValue}
      invalid="Enter a project number such as PI0001"
    />
    <ChoiceFilter name="status" label="Status" data={PROJECT_STATUSES} />
    <RefFilter
      name="customer"
      label="Customer"
      source={customerSource}
      canSearch={may.customers}
      plural="customers"
    />
    <RefFilter
      name="requirement"
      label="Requirement"
      source={requirementSource}
      canSearch={may.requirements}
      plural="requirements"
    />
    <RefFilter
      name="quotation"
      label="Quotation"
      source={quotationSource}
      canSearch={may.quotations}
      plural="quotations"
    />
    <DatedLifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted('projects')}
      users={may.users}
    />
  </>
);
