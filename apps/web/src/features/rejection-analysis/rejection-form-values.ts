// Deliberate import circle with ./rejection-validation.ts (loaded lazily): keeps zod out of first paint.
import type { LostTo, RejectionAnalysisDto } from '@karya/domain';
import { lazyValidation } from '../../lib/lazy-validation';

/** What the rejection-analysis form's inputs hold: texts are '' when empty so every input stays controlled. */
export type RejectionFormState = {
  /** YYYY-MM-DD */
  rejectionDate: string;
  rejectionReasons: string[];
  detailedReason: string;
  /** '' : not said; the server reads it from the competitor (decision 0016). */
  lostTo: '' | LostTo;
  competitor: { name: string; offeredAmount: string };
  customerFeedback: string;
  rejectedPerson: { name: string; designation: string; email: string; phone: string };
};

/** The reason typed in the reasons editor, and which listed one it replaces (null: a new one). */
export type ReasonDraft = { reason: string; editing: number | null };
export const EMPTY_REASON_DRAFT: ReasonDraft = { reason: '', editing: null };
/** Whether the reasons editor holds typed text that is not in the list. */
export const hasUnsavedReason = (d: ReasonDraft) => d.reason.trim() !== '';

/** A new analysis: rejected today (the day it is usually recorded), nothing else said yet. */
export const newRejectionValues = (today: string): RejectionFormState => ({
  rejectionDate: today,
  rejectionReasons: [],
  detailedReason: '',
  lostTo: '',
  competitor: { name: '', offeredAmount: '' },
  customerFeedback: '',
  rejectedPerson: { name: '', designation: '', email: '', phone: '' },
});

export const rejectionFormValuesFrom = (r: RejectionAnalysisDto): RejectionFormState => ({
  rejectionDate: r.rejectionDate.slice(0, 10),
  rejectionReasons: [...r.rejectionReasons],
  detailedReason: r.detailedReason ?? '',
  lostTo: r.lostTo,
  competitor: {
    name: r.competitor.name ?? '',
    offeredAmount: r.competitor.offeredAmount === null ? '' : String(r.competitor.offeredAmount),
  },
  customerFeedback: r.customerFeedback ?? '',
  rejectedPerson: {
    name: r.rejectedPerson.name ?? '',
    designation: r.rejectedPerson.designation ?? '',
    email: r.rejectedPerson.email ?? '',
    phone: r.rejectedPerson.phone ?? '',
  },
});

/** What the form stands for, as the domain schema reads it (the amount still as typed). */
export const rejectionRequestFrom = (v: RejectionFormState) => ({
  rejectionDate: v.rejectionDate,
  rejectionReasons: v.rejectionReasons,
  detailedReason: v.detailedReason,
  ...(v.lostTo ? { lostTo: v.lostTo } : {}),
  competitor: { ...v.competitor },
  customerFeedback: v.customerFeedback,
  rejectedPerson: { ...v.rejectedPerson },
});

/** The form fields a schema issue's path names: 'competitor.name'; a reason's message goes to the list. */
export const formPathOf = (path: readonly PropertyKey[]): string | null => {
  const [head, next] = path;
  if (typeof head !== 'string') return null;
  if (head === 'competitor' || head === 'rejectedPerson')
    return typeof next === 'string' ? `${head}.${next}` : head;
  return head;
};

/** The rejection-analysis form's validation (zod and the schemas), loaded as the form renders. */
export const rejectionValidation = lazyValidation(() => import('./rejection-validation'));
