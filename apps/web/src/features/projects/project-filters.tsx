import { formatProjectId, PROJECT_STATUSES, projectIdFilterValue } from '@karya/domain';
import { ChoiceFilter, RefFilters, SequenceIdFilter, showDeleted } from '../../components/list/filter-fields';
import { DatedLifecycleFilters } from '../../components/list/filter-kinds';
import { salesRefFilters } from '../quotations/quotation-filters';

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
    <RefFilters refs={salesRefFilters(['customer', 'requirement', 'quotation'], may)} />
    <DatedLifecycleFilters
      canSeeDeleted={canSeeDeleted}
      deleted={showDeleted('projects')}
      users={may.users}
    />
  </>
);
