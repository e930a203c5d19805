import { EXPENSE_MESSAGES, type ExpenseClaimDetailDto } from '@karya/domain';
import { Button } from '@mantine/core';
import { IconCash, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useHashPanel } from '../../components/list/hash-panel';
import { confirmAction } from '../../components/record/confirm';
import { DetailFrame } from '../../components/record/detail-frame';
import { lazyPanel } from '../../lib/lazy-panel';
import { withLoadingToast } from '../../lib/notify';
import { useKeepers } from '../attendance/corrections-api';
import {
  claimHistoryPath,
  deleteClaim,
  expenseKeys,
  refreshAfterExpenseChange,
  submitClaim,
  useClaim,
} from './api';
import { ClaimDetails } from './claim-details';
import { ClaimDecisionButtons, useApproveClaim } from './claim-item';
import { claimName } from './expense-format';

// The form and the reject and pay dialogs (zod, the form kit) are chunks of their own, loaded when first opened.
const ClaimFormModal = lazyPanel(() => import('./claim-form').then((m) => m.ClaimFormModal));
const RejectClaimDialog = lazyPanel(() => import('./expense-dialogs').then((m) => m.RejectClaimDialog));
const PayClaimDialog = lazyPanel(() => import('./expense-dialogs').then((m) => m.PayClaimDialog));

/** The hash that opens the claim's form (a reload keeps it open, Back closes it). */
export const EDIT_CLAIM_HASH = '#edit-claim';
const EXPENSES_PAGE = '/hrm/expenses';

/**
 * /hrm/expenses/:id: the claim and its expenses, with what the caller may do as the server says (`canEdit`,
 * `canSubmit`, `canDelete`, `canDecide`, `canPay`): Edit, Submit, Delete (asks first), Approve and Reject,
 * Mark paid; then the history.
 */
export const ExpenseDetailPage = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const keeperFor = useKeepers();
  const query = useClaim(id);
  const edit = useHashPanel(EDIT_CLAIM_HASH);
  const { approving, approve } = useApproveClaim();
  const [dialog, setDialog] = useState<'reject' | 'pay' | null>(null);
  const [busy, setBusy] = useState(false);
  const claim = query.data ?? null;

  const run = async (work: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch {
      // The toast said why; the claim is asked again below.
    } finally {
      refreshAfterExpenseChange(client);
      setBusy(false);
    }
  };
  const submit = (c: ExpenseClaimDetailDto) =>
    run(() =>
      withLoadingToast('Submitting expense claim', () =>
        keeperFor(`${c._id}:submit`).run((key) => submitClaim(c._id, key)),
      ),
    );
  const remove = async (c: ExpenseClaimDetailDto) => {
    const sure = await confirmAction({
      title: 'Delete draft claim',
      message: `Delete the draft ${claimName(c)}? Its expenses and receipts go with it.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    await run(async () => {
      await withLoadingToast('Deleting draft claim', () => deleteClaim(c._id));
      client.removeQueries({ queryKey: expenseKeys.detail(c._id) });
      navigate(EXPENSES_PAGE);
    });
  };

  const actions = (c: ExpenseClaimDetailDto) => (
    <>
      {c.canDecide && c.status === 'Submitted' && (
        <ClaimDecisionButtons
          claim={c}
          busy={approving.has(c._id)}
          onApprove={() => void approve(c)}
          onReject={() => setDialog('reject')}
        />
      )}
      {c.canPay && c.status === 'Approved' && (
        <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setDialog('pay')}>
          Mark paid
        </Button>
      )}
      {c.canEdit && (
        <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={edit.open}>
          Edit
        </Button>
      )}
      {c.canSubmit && (
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          loading={busy}
          onClick={() => void submit(c)}
        >
          Submit
        </Button>
      )}
      {c.canDelete && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
          disabled={busy}
          onClick={() => void remove(c)}
        >
          Delete
        </Button>
      )}
    </>
  );

  return (
    <>
      <DetailFrame<ExpenseClaimDetailDto>
        title="Expense Claim"
        recordName={(c) => `${c.claimId} · ${c.title}`}
        noun="expense claim"
        query={query}
        notFoundText={EXPENSE_MESSAGES.notFound}
        backTo={{ to: EXPENSES_PAGE, label: 'Back to expenses' }}
        extraActions={actions}
        showStamps={false}
        history={{ path: claimHistoryPath(id), queryKey: [...expenseKeys.detail(id), 'history'] }}
      >
        {(c) => <ClaimDetails claim={c} />}
      </DetailFrame>
      {claim?.canEdit && <ClaimFormModal opened={edit.opened} onClose={edit.close} claim={claim} />}
      <RejectClaimDialog claim={claim} opened={dialog === 'reject'} onClose={() => setDialog(null)} />
      <PayClaimDialog claim={claim} opened={dialog === 'pay'} onClose={() => setDialog(null)} />
    </>
  );
};
