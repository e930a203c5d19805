import { FOLLOW_UP_MESSAGES } from '@karya/domain';
import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { RecordFormPage } from '../../components/record/record-form-page';
import { FOLLOW_UPS_PAGE, useFollowUp } from './api';
import { FollowUpForm } from './follow-up-form';
import type { FollowUpPrefill } from './follow-up-form-values';

/**
 * /crm/follow-ups/create: navigation state may prefill followUpType, customerId, followUpBy, visitors,
 * date and time (spec 2 §2; the customer detail and Create Next Follow Up send it); `?type=` comes from
 * the list's Create Call / Mail / Visit entries.
 */
export const FollowUpCreatePage = () => {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as FollowUpPrefill | null;
  const type = params.get('type');
  const prefill = useMemo<FollowUpPrefill>(
    () => ({ ...(type ? { followUpType: type } : {}), ...(state ?? {}) }),
    [state, type],
  );
  return (
    <RecordFormPage title="Create Follow Up" maw={1080}>
      {() => <FollowUpForm key={JSON.stringify(prefill)} prefill={prefill} />}
    </RecordFormPage>
  );
};

/** /crm/follow-ups/:id/update: the form once the follow-up has loaded; 'Follow-up not found' otherwise. */
export const FollowUpUpdatePage = () => {
  const { id } = useParams();
  return (
    <RecordFormPage
      title="Update Follow Up"
      maw={1080}
      noun="follow-up"
      query={useFollowUp(id)}
      notFoundText={FOLLOW_UP_MESSAGES.notFound}
      backTo={{ to: FOLLOW_UPS_PAGE, label: 'Back to follow ups' }}
    >
      {(f) => <FollowUpForm key={`${f._id}:${f.updatedAt}`} followUp={f} />}
    </RecordFormPage>
  );
};
