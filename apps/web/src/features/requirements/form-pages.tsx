import { REQUIREMENT_MESSAGES } from '@karya/domain';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { RecordFormPage } from '../../components/record/record-form-page';
import { REQUIREMENTS_PAGE, useRequirement } from './api';
import { RequirementForm } from './requirement-form';

/** The hash #items scrolls to the items section (spec 2 §2). */
const useItemsHash = (ready: boolean) => {
  const { hash } = useLocation();
  useEffect(() => {
    if (ready && hash === '#items') document.getElementById('items')?.scrollIntoView?.({ block: 'start' });
  }, [ready, hash]);
};

/** /crm/requirements/create (a customer id may come in navigation state). */
export const RequirementCreatePage = () => {
  useItemsHash(true);
  return (
    <RecordFormPage title="Create Requirement" maw={960}>
      {() => <RequirementForm mode="create" />}
    </RecordFormPage>
  );
};

/** /crm/requirements/:id/update: the form once the requirement has loaded; 'Requirement not found' otherwise. */
export const RequirementUpdatePage = () => {
  const { id } = useParams();
  const query = useRequirement(id);
  useItemsHash(Boolean(query.data));
  return (
    <RecordFormPage
      title="Update Requirement"
      maw={960}
      noun="requirement"
      query={query}
      notFoundText={REQUIREMENT_MESSAGES.notFound}
      backTo={{ to: REQUIREMENTS_PAGE, label: 'Back to requirements' }}
    >
      {(r) => <RequirementForm key={r._id} mode="update" requirement={r} />}
    </RecordFormPage>
  );
};
