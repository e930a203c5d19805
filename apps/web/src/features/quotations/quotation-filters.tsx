import {
  ASSIGNMENT_STATES,
  formatQuotationId,
  formatRequirementId,
  type QuotationSuggestion,
  quotationIdFilterValue,
  quotationSearchFilter,
  type RequirementSuggestion,
} from '@karya/domain';
import {
  ChoiceFilter,
  type RefFilterSpec,
  RefFilters,
  SequenceIdFilter,
  showDeleted,
} from '../../components/list/filter-fields';
import { DatedLifecycleFilters } from '../../components/list/filter-kinds';
import type { RefSource } from '../../components/record/ref-pickers';
import { api } from '../../lib/api';
import { recordKeys } from '../../lib/query-keys';
import { customerSource } from '../requirements/ref-sources';

const requirementKeys = recordKeys('requirements');
const quotationKeys = recordKeys('quotations');

/** GET /crm/requirements/suggestion: the caller's requirements by title ('RI0012 · title'), the picked first. */
export const requirementSource: RefSource = {
  queryKey: (title, selected) => requirementKeys.suggestion(`picker:${title}`, selected),
  fetch: async (title, selectedIds, signal) =>
    (
      (
        await api.get<RequirementSuggestion[]>(
          '/crm/requirements/suggestion',
          // The requirement suggestion takes one selected id (the filter's first).
          { title, selectedId: selectedIds[0] },
          { signal },
        )
      ).data ?? []
    ).map((r) => ({ _id: r._id, name: `${formatRequirementId(r.requirementId)} · ${r.title}` })),
};

/**
 * GET /crm/quotations/suggestion by number (a digit typed) or title ('ARR/0012/R1 · title'), the picked
 * first: the Quotation filter of the project and rejection-analysis lists.
 */
export const quotationSource: RefSource = {
  queryKey: (text, selected) => quotationKeys.suggestion(`picker:${text}`, selected),
  fetch: async (text, selectedIds, signal) =>
    (
      (
        await api.get<QuotationSuggestion[]>(
          '/crm/quotations/suggestion',
          // The quotation suggestion takes one selected id (the filter's first).
          { ...quotationSearchFilter(text), selectedId: selectedIds[0] },
          { signal },
        )
      ).data ?? []
    ).map((q) => ({ _id: q._id, name: `${formatQuotationId(q.quotationId, q.versionNumber)} · ${q.title}` })),
};

const SALES_REFS = {
  customer: { label: 'Customer', plural: 'customers', source: customerSource },
  requirement: { label: 'Requirement', plural: 'requirements', source: requirementSource },
  quotation: { label: 'Quotation', plural: 'quotations', source: quotationSource },
} as const;
type SalesRef = keyof typeof SALES_REFS;

/**
 * The filters of the sales records a row points at (customer, requirement, quotation), in the order
 * named; each searches with suggestion on its resource (`may` by the plural: customers, requirements…).
 */
export const salesRefFilters = (
  names: readonly SalesRef[],
  may: Partial<Record<(typeof SALES_REFS)[SalesRef]['plural'], boolean>>,
): RefFilterSpec[] =>
  names.map((name) => ({ name, ...SALES_REFS[name], canSearch: Boolean(may[SALES_REFS[name].plural]) }));

/** What changes which filters show (spec 3 §2 "Quotation filter"). */
export type QuotationFilterPermissions = {
  /** The state filter: view-all on quotation. */
  state: boolean;
  /** Created By / Deleted By: suggestion on user. */
  users: boolean;
  customers: boolean;
  requirements: boolean;
};

/**
 * The inputs of 'Filter Quotations' (spec 3 §2): quotation ID, customer, requirement, created by, state
 * (view-all), created and updated ranges, and with bulk-restore Deleted and Deleted By.
 */
export const QuotationFilterFields = ({
  canSeeDeleted,
  may,
}: {
  canSeeDeleted: boolean;
  may: QuotationFilterPermissions;
}) => (
  <>
    <SequenceIdFilter
      name="quotationId"
      label="Quotation ID"
      placeholder="ARR/0001 or 1"
      format={(n) => formatQuotationId(n)}
      parse={quotationIdFilterValue}
      invalid="Enter a quotation number such as ARR/0001"
    />
    <RefFilters refs={salesRefFilters(['customer', 'requirement'], may)} />
    {may.state && <ChoiceFilter name="state" label="Customer Assignment State" data={ASSIGNMENT_STATES} />}
    <DatedLifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted('quotations')}
      users={may.users}
    />
  </>
);
