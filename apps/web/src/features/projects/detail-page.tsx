import { PROJECT_MESSAGES, type ProjectDto } from '@karya/domain';
import { useParams } from 'react-router';
import { useDetailActions } from '../../components/record/detail-actions';
import { DetailFrame } from '../../components/record/detail-frame';
import { PROJECTS_PAGE, projectKeys, useProject, useProjectLifecycle } from './api';
import { AdditionalDetails, ProjectItems, ProjectSummary, StatusHistory } from './detail-sections';
import { ProjectFiles } from './project-files';
import { StatusControl } from './status-control';

/**
 * /crm/projects/:id (spec 3 §2; issue 26): the summary (Project ID, status, customer, requirement and
 * quotation), Items Receipt, Project Files, the status history, Additional Details and History; the status
 * control (update on project) and the lifecycle buttons; 'Project not found' when it does not exist (or is
 * outside the caller's scope). A project has no update form: it changes only by its status.
 */
export const ProjectDetailPage = () => {
  const { id = '' } = useParams();
  const project = useProject(id);
  const actions = useDetailActions({
    resource: 'project',
    id,
    lifecycle: useProjectLifecycle(),
    listPath: PROJECTS_PAGE,
  });
  return (
    <DetailFrame<ProjectDto>
      {...actions}
      canUpdate={false}
      title="Project Details"
      recordName={(p) => p.title}
      noun="project"
      query={project}
      notFoundText={PROJECT_MESSAGES.notFound}
      backTo={{ to: PROJECTS_PAGE, label: 'Back to projects' }}
      labels={{ delete: 'Delete Project' }}
      extraActions={(p) => <StatusControl project={p} />}
      showStamps={false}
      history={{
        path: `/crm/projects/${id}/history`,
        queryKey: [...projectKeys.detail(id), 'history'],
      }}
    >
      {(p) => (
        <>
          <ProjectSummary project={p} />
          <ProjectItems project={p} />
          <ProjectFiles project={p} />
          <StatusHistory project={p} />
          <AdditionalDetails project={p} />
        </>
      )}
    </DetailFrame>
  );
};
