import { isEditable, type QuotationDto } from '@karya/domain';
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
import { Link } from 'react-router';
import { useCan } from '../../app/auth';
import { quotationPath } from './api';

/** Issue 25: projects (issue 26) bring approval and rejection; until then the two entries say so. */
export const DECIDE_LATER = 'Approval and rejection arrive with projects';

export type QuotationLifecycleHandlers = {
  onDelete: () => unknown;
  onRestore: () => unknown;
  onDeletePermanently: () => unknown;
  busy: boolean;
};

/**
 * The Actions menu (spec 3 §4, decision 0015): Update and ReQuotation while the active version is Draft,
 * Approved and Rejected (disabled until projects), Quotation Preview (print), Delete Quotation; for a deleted
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
  const editable = isEditable(q) && can('quotation', 'update');
  const live = !q.isDeleted;
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
        can('quotation', 'update') && (
          <Tooltip key="approve" label={DECIDE_LATER} position="left" withinPortal>
            <div>
              <Menu.Item disabled leftSection={<IconCircleCheck size={16} aria-hidden />}>
                Approved
              </Menu.Item>
            </div>
          </Tooltip>
        ),
        can('quotation', 'update') && (
          <Tooltip key="reject" label={DECIDE_LATER} position="left" withinPortal>
            <div>
              <Menu.Item disabled leftSection={<IconCircleX size={16} aria-hidden />}>
                Rejected
              </Menu.Item>
            </div>
          </Tooltip>
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
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button rightSection={<IconChevronDown size={16} aria-hidden />}>Actions</Button>
      </Menu.Target>
      <Menu.Dropdown>{shown}</Menu.Dropdown>
    </Menu>
  );
};
