import { isEditable, mayDecide, PROJECT_MESSAGES, type QuotationDto } from '@karya/domain';
import { Box, Button, Menu, Tooltip } from '@mantine/core';
import {
  IconChevronDown,
  IconCircleCheck,
  IconCircleX,
  IconCopyPlus,
  IconLock,
  IconPencil,
  IconPrinter,
  IconRestore,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCanFinish } from '../../components/permissions/use-can-finish';
import { quotationPath } from './api';

// What a locked entry lacks and who can do it: its words need the permission catalogue, fetched on a choice.
const MissingDependencyNote = lazy(() => import('../../components/permissions/missing-dependency-note'));
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
 * Approved and Rejected held without what they also need (decision 0014: reading the quotation, and the
 * new project) stay in the menu greyed with a lock; choosing one says what is missing and who can.
 */
export const QuotationActionsMenu = ({
  quotation: q,
  lifecycle,
}: {
  quotation: QuotationDto;
  lifecycle: QuotationLifecycleHandlers;
}) => {
  const { can, canFinish } = useCanFinish();
  const navigate = useNavigate();
  const [approving, setApproving] = useState(false);
  const [explained, setExplained] = useState<string | null>(null);
  const editable = isEditable(q) && can('quotation', 'update');
  const live = !q.isDeleted;
  const decidable = mayDecide(q);
  // Draft or ReQuoted but the re-quotation's changes are not approved: the two entries say why they wait.
  const waiting =
    live && !decidable && (q.activeVersion.status === 'Draft' || q.activeVersion.status === 'ReQuoted');
  const blocked = (key: string, label: string, [resource, action]: [string, string]) => [
    <Menu.Item
      key={key}
      closeMenuOnClick={false}
      aria-disabled
      data-disabled
      leftSection={<IconLock size={16} aria-hidden />}
      onClick={() => setExplained((k) => (k === key ? null : key))}
    >
      {label}
    </Menu.Item>,
    explained === key && (
      <Box key={`${key}-why`} px="sm" pb="xs" maw={300}>
        <Suspense fallback={null}>
          <MissingDependencyNote resource={resource} action={action} />
        </Suspense>
      </Box>
    ),
  ];
  // Not held: absent. Held without what it also needs: the locked entry. Otherwise by the quotation.
  const decide = (
    key: string,
    label: string,
    icon: ReactNode,
    [resource, action]: [string, string],
    onClick: () => void,
  ) => {
    if (!can(resource, action) || !(decidable || waiting)) return false;
    if (!canFinish(resource, action)) return blocked(key, label, [resource, action]);
    return decidable ? (
      <Menu.Item key={key} leftSection={icon} onClick={onClick}>
        {label}
      </Menu.Item>
    ) : (
      <Tooltip key={key} label={PROJECT_MESSAGES.awaitingReview} position="left" withinPortal>
        <div>
          <Menu.Item disabled leftSection={icon}>
            {label}
          </Menu.Item>
        </div>
      </Tooltip>
    );
  };
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
        decide('approve', 'Approved', <IconCircleCheck size={16} aria-hidden />, ['project', 'create'], () =>
          setApproving(true),
        ),
        decide(
          'reject',
          'Rejected',
          <IconCircleX size={16} aria-hidden />,
          ['rejection-analysis', 'create'],
          () =>
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
  const shown = items.flat().filter(Boolean);
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
