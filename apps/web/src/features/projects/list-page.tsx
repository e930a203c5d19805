import {
  formatProjectId,
  PROJECT_LIMIT_KEY,
  PROJECT_MESSAGES,
  PROJECT_SORT_OPTIONS,
  type ProjectListDto,
  type ProjectSuggestion,
  projectListSpec,
} from '@karya/domain';
import { lazy } from 'react';
import { useCan } from '../../app/auth';
import { startListEarly } from '../../components/list/early-list';
import { RecordListPage } from '../../components/list/record-list-page';
import {
  fetchProjects,
  PROJECTS_PAGE,
  projectKeys,
  projectPath,
  searchProjects,
  useProjectsList,
} from './api';
import { ProjectCard } from './project-card';
import { PROJECT_COLUMNS, PROJECT_TABLE_MIN_WIDTH } from './project-columns';

// Downloaded when the filter drawer first opens: the date pickers and the pickers.
const ProjectFilterFields = lazy(() =>
  import('./project-filters').then((m) => ({ default: m.ProjectFilterFields })),
);

/** Local storage keys of the project list (spec 3 §9: the page size under projectLimit). */
export const PROJECT_STORAGE = {
  limit: PROJECT_LIMIT_KEY,
  filters: 'projectFilters',
  fields: 'projectFields',
  layout: 'projectLayout',
} as const;

startListEarly(
  PROJECTS_PAGE,
  { limitKey: PROJECT_STORAGE.limit, filtersKey: PROJECT_STORAGE.filters, spec: projectListSpec },
  (q) => fetchProjects(q),
);

/**
 * /crm/projects (spec 3 §2 "Projects"; issue 26): a table or a grid, quick dates on the creation date,
 * sort (ID, Status, Created, Updated), filters (#filter), columns (#field-arrangement), Ctrl+K by project
 * number (a digit in the text) or title. Projects are created by approving a quotation: no Create here.
 */
export const ProjectsListPage = () => {
  const { can } = useCan();
  return (
    <RecordListPage<'projects', ProjectListDto, ProjectSuggestion>
      resource="project"
      title="Projects"
      plural="projects"
      spec={projectListSpec}
      useList={useProjectsList}
      storage={PROJECT_STORAGE}
      getId={(p) => p._id}
      getLabel={(p) => p.title}
      href={projectPath}
      card={(p) => <ProjectCard project={p} />}
      table={{ columns: PROJECT_COLUMNS, minWidth: PROJECT_TABLE_MIN_WIDTH }}
      sortOptions={PROJECT_SORT_OPTIONS}
      quickDates={{ filter: 'createdAt', label: 'Created' }}
      filters={{
        title: 'Filter Projects',
        buttons: { reset: 'Reset Filter', apply: 'Apply Filters' },
        fields: ({ canSeeDeleted }) => (
          <ProjectFilterFields
            canSeeDeleted={canSeeDeleted}
            may={{
              users: can('user', 'suggestion'),
              customers: can('customer', 'suggestion'),
              requirements: can('requirement', 'suggestion'),
              quotations: can('quotation', 'suggestion'),
            }}
          />
        ),
      }}
      search={{
        title: 'Search projects',
        placeholder: 'Type a project title or PI number...',
        queryKey: (text) => projectKeys.suggestion('search', text),
        search: (text, signal) => searchProjects(text, signal),
        toItem: (p) => ({
          id: p._id,
          label: `${formatProjectId(p.projectId)} · ${p.title}`,
          description: p.customer?.name ?? p.status,
        }),
        emptyText: PROJECT_MESSAGES.searchEmpty,
      }}
      emptyText={PROJECT_MESSAGES.empty}
    />
  );
};
