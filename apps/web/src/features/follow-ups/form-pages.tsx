import { FOLLOW_UP_MESSAGES } from '@karya/domain';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { recordFormPages } from '../../components/form/update-page';
import { FOLLOW_UPS_PAGE, useFollowUp } from './api';
import { FollowUpForm } from './follow-up-form';
import type { FollowUpPrefill } from './follow-up-form-values';

/**
 * The create form's prefill: navigation state may bring followUpType, customerId, followUpBy, visitors,
 * date and time (spec 2 §2; the customer detail and Create Next Follow Up send it); `?type=` comes from the
 * list's Create Call / Mail / Visit entries.
 */
const FollowUpCreateForm = () => {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as FollowUpPrefill | null;
  const type = params.get('type');
  const prefill = useMemo<FollowUpPrefill>(
    () => ({ ...(type ? { followUpType: type } : {}), ...(state ?? {}) }),
    [state, type],
  );
  return <FollowUpForm key={JSON.stringify(prefill)} prefill={prefill} />;
};

/** /crm/follow-ups/create, and /crm/follow-ups/:id/update once the follow-up has loaded. */
export const [FollowUpCreatePage, FollowUpUpdatePage] = recordFormPages(
  { noun: 'follow-up', maw: 1080, listPath: FOLLOW_UPS_PAGE },
  { useRecord: useFollowUp, notFoundText: FOLLOW_UP_MESSAGES.notFound },
  (f) => (f ? <FollowUpForm key={`${f._id}:${f.updatedAt}`} followUp={f} /> : <FollowUpCreateForm />),
);
