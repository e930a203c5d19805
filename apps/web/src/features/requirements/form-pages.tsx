import { REQUIREMENT_MESSAGES } from '@karya/domain';
import { type ComponentProps, useEffect } from 'react';
import { useLocation } from 'react-router';
import { recordFormPages } from '../../components/form/update-page';
import { REQUIREMENTS_PAGE, useRequirement } from './api';
import { RequirementForm } from './requirement-form';

/** The form, scrolled to its items section when the address ends in #items (spec 2 §2). */
const RequirementPageForm = (props: ComponentProps<typeof RequirementForm>) => {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#items') document.getElementById('items')?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return <RequirementForm {...props} />;
};

/**
 * /crm/requirements/create (a customer id may come in navigation state), and /crm/requirements/:id/update
 * once the requirement has loaded ('Requirement not found' otherwise).
 */
export const [RequirementCreatePage, RequirementUpdatePage] = recordFormPages(
  { noun: 'requirement', maw: 960, listPath: REQUIREMENTS_PAGE },
  { useRecord: useRequirement, notFoundText: REQUIREMENT_MESSAGES.notFound },
  (r) => <RequirementPageForm key={r?._id} mode={r ? 'update' : 'create'} requirement={r} />,
);
