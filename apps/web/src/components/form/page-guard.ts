import { type LeaveGuardOptions, useLeaveGuard } from '../../lib/leave-guard';

// No react-hook-form here: the trade form, which holds its values itself, uses the guard too.

/** What a page form asks before its unsaved changes are thrown away by leaving. */
export const LEAVE_PAGE_MESSAGE =
  'You have unsaved changes. Do you want to discard them and leave this page?';

/** A page form's leave guard (useLeaveGuard) with the page forms' question. */
export const usePageFormGuard = (dirty: boolean, onDiscard?: LeaveGuardOptions['onDiscard']) =>
  useLeaveGuard(dirty, { message: LEAVE_PAGE_MESSAGE, onDiscard });
