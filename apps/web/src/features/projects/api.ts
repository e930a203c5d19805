import {
  formatProjectId,
  type ListPage,
  PROJECT_MESSAGES,
  type ProjectCreated,
  type ProjectDto,
  type ProjectListDto,
  type ProjectStatusInput,
  type ProjectSuggestion,
  projectSearchFilter,
} from '@karya/domain';
import { takeEarlyList } from '../../components/list/early-list';
import { useRecordLifecycle } from '../../components/record/lifecycle';
import { recordApi } from '../../components/record/record-api';
import type { RefOption } from '../../components/record/ref-pickers';
import { api } from '../../lib/api';
import { recordKeys } from '../../lib/query-keys';

/** Every projects query key starts with 'projects': a change refreshes lists, details and searches. */
export const projectKeys = recordKeys('projects');
/** A project's changes also show on its quotation, its customer's Projects, the dashboards and the wins and losses. */
export const PROJECT_DEPENDENT_ROOTS = [
  'quotations',
  'customers',
  'dashboard',
  'followUps',
  'analytics',
] as const;
export const projectChangeKeys = [projectKeys.all, ...PROJECT_DEPENDENT_ROOTS.map((r) => [r])] as const;

export type ProjectsPage = ListPage<'projects', ProjectListDto>;

export const PROJECTS_PAGE = '/crm/projects';
export const projectPath = (id: string, suffix = '') => `${PROJECTS_PAGE}/${id}${suffix}`;

const projectApi = recordApi<ProjectsPage, ProjectDto>({
  base: '/crm/projects',
  keys: projectKeys,
  early: { page: PROJECTS_PAGE, take: takeEarlyList },
});

/** GET /crm/projects: a page (without view-all, those of the caller's customers). */
export const fetchProjects = projectApi.fetchList;
export const useProjectsList = projectApi.useList;

/** GET /crm/projects/{id}: one project, deleted ones included (the detail shows them with Restore). */
export const useProject = projectApi.useOne;

/**
 * GET /crm/projects/suggestion: by projectId when the text has a digit (PI0012 or 12), else by title;
 * `customerId` keeps to one customer's projects (the follow-up form), `selectedId` answers that one first.
 */
export const searchProjects = (
  text: string,
  signal?: AbortSignal,
  more: { customerId?: string; selectedId?: string } = {},
) => projectApi.suggest<ProjectSuggestion[]>({ ...projectSearchFilter(text), ...more }, signal);

/** A project as a picker names it: 'PI0012 · Smart class installation'. */
export const projectOption = (p: Pick<ProjectSuggestion, '_id' | 'projectId' | 'title'>): RefOption => ({
  _id: p._id,
  name: `${formatProjectId(p.projectId)} · ${p.title}`,
});

/**
 * POST /crm/projects (spec 3 §4, §7): the quotation's id and the two PDFs as multipart; the server creates
 * the project and sets Approved on the quotation, all or nothing (decision 0016). 'Quotation approved'.
 */
export const approveQuotation = (
  quotation: string,
  agreementFile: File,
  purchaseOrderFile: File,
  idempotencyKey?: string,
) => {
  const body = new FormData();
  body.append('quotation', quotation);
  body.append('agreementFile', agreementFile);
  body.append('purchaseOrderFile', purchaseOrderFile);
  return api.post<ProjectCreated>('/crm/projects', body, { idempotencyKey });
};

/** PATCH /crm/projects/{id}/status: one step forward, or back with a reason (decision 0016). */
export const changeProjectStatus = (id: string, body: ProjectStatusInput, idempotencyKey?: string) =>
  api.patch<ProjectDto>(projectApi.path(id, '/status'), body, { idempotencyKey });

/** Delete / restore / delete permanently with the confirmations (no bulk actions on projects). */
export const useProjectLifecycle = () =>
  useRecordLifecycle({
    noun: 'project',
    confirm: {
      remove: { message: `Are you sure you want to delete this project? ${PROJECT_MESSAGES.deleteText}` },
    },
    queryRoot: projectKeys.all[0],
    alsoInvalidate: PROJECT_DEPENDENT_ROOTS.map((r) => [r]),
    api: projectApi.lifecycle,
  });
