import { isEditable, mayDecide, PROJECT_MESSAGES, type QuotationDto } from '@karya/domain';
import { Button, Menu, Tooltip } from '@mantine/core';
import {
  IconChevronDown,
  IconCircleCheck,
  IconCircleX,
  IconCopyPlus,
  IconPencil,
  IconPrinter,
  IconRestore,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../app/auth';
import { quotationPath } from './api';

// The approval dialog (its file pickers and the project calls) is downloaded when Approved is chosen.
const ApproveDialog = lazy(() => import('./approve-dialog').then((m) => ({ default: m.ApproveDialog })));

/** Spec 2 §2: the rejection analysis form's path; it gets the quotation and the version rejected. */
export const rejectionAnalysisPath = (quotationId: string) =>
  quotationPath(quotationId, '/rejection-analysis');

export type QuotationLifecycleHandlers = {
  onDelete: () => unknown;
  onRestore: () => unknown;
  onDeletePermanently: () => unknown;
  busy: boolean;
};

/**
 * The Actions menu (spec 3 §4, decisions 0015 and 0016): Update and ReQuotation while the active version is
 * Draft; Approved (create on project: the approval dialog) and Rejected (create on rejection-analysis: the
 * rejection analysis form) while the quotation may be decided (mayDecide), shown disabled with the reason
 * while a re-quotation waits for its review; Quotation Preview (print), Delete Quotation; for a deleted
 * quotation Restore and Delete Permanently. Each entry by its permission; no menu when none is left.
 */
export const QuotationActionsMenu = ({
  quotation: q,
  lifecycle,
}: {
  quotation: QuotationDto;
  lifecycle: QuotationLifecycleHandlers;
}) => {
  const { can } = useCan();
  const navigate = useNavigate();
  const [approving, setApproving] = useState(false);
  const editable = isEditable(q) && can('quotation', 'update');
  const live = !q.isDeleted;
  const decidable = mayDecide(q);
  // Draft or ReQuoted but the re-quotation's changes are not approved: the two entries say why they wait.
  const waiting =
    live && !decidable && (q.activeVersion.status === 'Draft' || q.activeVersion.status === 'ReQuoted');
  const decide = (key: string, label: string, icon: ReactNode, onClick: () => void) =>
    decidable ? (
      <Menu.Item key={key} leftSection={icon} onClick={onClick}>
        {label}
      </Menu.Item>
    ) : (
      waiting && (
        <Tooltip key={key} label={PROJECT_MESSAGES.awaitingReview} position="left" withinPortal>
          <div>
            <Menu.Item disabled leftSection={icon}>
              {label}
            </Menu.Item>
          </div>
        </Tooltip>
      )
    );
  const items = live
    ? [
        editable && (
          <Menu.Item
            key="update"
            component={Link}
            to={quotationPath(q._id, '/update')}
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            Update
          </Menu.Item>
        ),
        editable && (
          <Menu.Item
            key="re-quotation"
            component={Link}
            to={quotationPath(q._id, '/re-quotation')}
            leftSection={<IconCopyPlus size={16} aria-hidden />}
          >
            ReQuotation
          </Menu.Item>
        ),
        can('project', 'create') &&
          decide('approve', 'Approved', <IconCircleCheck size={16} aria-hidden />, () => setApproving(true)),
        can('rejection-analysis', 'create') &&
          decide('reject', 'Rejected', <IconCircleX size={16} aria-hidden />, () =>
            navigate(rejectionAnalysisPath(q._id), {
              state: { quotation: q._id, quotationVersionId: q.activeVersion._id },
            }),
          ),
        can('quotation', 'print') && (
          <Menu.Item
            key="preview"
            component={Link}
            to={quotationPath(q._id, '/preview')}
            leftSection={<IconPrinter size={16} aria-hidden />}
          >
            Quotation Preview
          </Menu.Item>
        ),
        can('quotation', 'delete') && (
          <Menu.Item
            key="delete"
            color="red"
            onClick={() => void lifecycle.onDelete()}
            disabled={lifecycle.busy}
            leftSection={<IconTrash size={16} aria-hidden />}
          >
            Delete Quotation
          </Menu.Item>
        ),
      ]
    : [
        can('quotation', 'restore') && (
          <Menu.Item
            key="restore"
            onClick={() => void lifecycle.onRestore()}
            disabled={lifecycle.busy}
            leftSection={<IconRestore size={16} aria-hidden />}
          >
            Restore
          </Menu.Item>
        ),
        can('quotation', 'delete-permanently') && (
          <Menu.Item
            key="purge"
            color="red"
            onClick={() => void lifecycle.onDeletePermanently()}
            disabled={lifecycle.busy}
            leftSection={<IconTrashX size={16} aria-hidden />}
          >
            Delete Permanently
          </Menu.Item>
        ),
      ];
  const shown = items.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button rightSection={<IconChevronDown size={16} aria-hidden />}>Actions</Button>
        </Menu.Target>
        <Menu.Dropdown>{shown}</Menu.Dropdown>
      </Menu>
      {approving && (
        <Suspense fallback={null}>
          <ApproveDialog quotation={q} opened onClose={() => setApproving(false)} />
        </Suspense>
      )}
    </>
  );
};
