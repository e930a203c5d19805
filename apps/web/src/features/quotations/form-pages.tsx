import { isEditable, QUOTATION_MESSAGES, type QuotationDto } from '@karya/domain';
import { Button, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useCan } from '../../app/auth';
import { UpdateFormPage } from '../../components/form/update-page';
import { EmptyState, ErrorState } from '../../components/list/list-states';
import { RecordFormPage } from '../../components/record/record-form-page';
import { messageOf } from '../../lib/notify';
import { QUOTATIONS_PAGE, quotationKeys, quotationPath, useQuotation } from './api';
import { carriedRequirement, loadQuotationPrefill } from './form-prefill';
import { quotableTiers } from './line-pricing';
import { QuotationForm } from './quotation-form';

const MAW = 1100;
const BACK = { to: QUOTATIONS_PAGE, label: 'Back to quotations' };

/**
 * Convert to Quotation's prefill (spec 2 §2): the requirement, its customer and its items, fetched before
 * the form opens so the form starts from them (and its draft belongs to that requirement).
 */
const ConvertedForm = ({ from }: { from: NonNullable<ReturnType<typeof carriedRequirement>> }) => {
  const { can } = useCan();
  const may = {
    readItem: can('product-item', 'read'),
    readMargins: can('product-margin', 'read'),
    readCustomer: can('customer', 'read'),
  };
  const tiers = useMemo(() => quotableTiers((t) => can('product-item-price', `read-${t}`)), [can]);
  const prefill = useQuery({
    queryKey: [...quotationKeys.all, 'prefill', from.requirementId],
    queryFn: () => loadQuotationPrefill(from, may, tiers),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  if (prefill.data) return <QuotationForm mode="create" prefill={prefill.data} />;
  if (prefill.isError)
    return <ErrorState message={messageOf(prefill.error)} onRetry={() => void prefill.refetch()} />;
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Loading the requirement" />
    </Center>
  );
};

/** /crm/quotations/create: from scratch, or prefilled by Convert to Quotation (navigation state). */
export const QuotationCreatePage = () => {
  const { state } = useLocation();
  const from = carriedRequirement(state);
  return (
    <RecordFormPage title="Create Quotation" maw={MAW}>
      {() => (from ? <ConvertedForm from={from} /> : <QuotationForm mode="create" />)}
    </RecordFormPage>
  );
};

/** Only a Draft active version is changed (spec 3 §4): said plainly, with the way back to the quotation. */
const NotEditable = ({ q }: { q: QuotationDto }) => (
  <EmptyState message={QUOTATION_MESSAGES.notDraft}>
    <Button component={Link} to={quotationPath(q._id)} variant="light">
      Back to the quotation
    </Button>
  </EmptyState>
);

const editPage = (title: string, mode: 'update' | 're-quotation') => () => (
  <UpdateFormPage
    title={title}
    maw={MAW}
    noun="quotation"
    useRecord={useQuotation}
    notFoundText={QUOTATION_MESSAGES.notFound}
    backTo={BACK}
  >
    {(q: QuotationDto) =>
      isEditable(q) ? (
        <QuotationForm key={`${q._id}:${q.activeVersion._id}`} mode={mode} quotation={q} />
      ) : (
        <NotEditable q={q} />
      )
    }
  </UpdateFormPage>
);

/** /crm/quotations/:id/update: the active version, while it is Draft. */
export const QuotationUpdatePage = editPage('Update Quotation', 'update');
/** /crm/quotations/:id/re-quotation ('Create Re-Quotation'): a new version from the active one. */
export const QuotationReQuotationPage = editPage('Create Re-Quotation', 're-quotation');
