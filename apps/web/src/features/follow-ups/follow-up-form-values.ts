// Deliberate import circle with ./follow-up-validation.ts (loaded lazily): keeps zod out of first paint.
import {
  type FollowUpDto,
  type FollowUpReason,
  type FollowUpStatus,
  type FollowUpType,
  followUpStatusFor,
  nowTimeInAppZone,
  todayInAppZone,
} from '@karya/domain';
import { lazyValidation } from '../../lib/lazy-validation';

export type NextFollowUpState = {
  nextRequired: boolean;
  type: FollowUpType | '';
  date: string;
  time: string;
  visitors: string[];
  followUpBy: string;
};

/** What the follow-up form's inputs hold: texts are '' when empty so every input stays controlled. */
export type FollowUpFormState = {
  customer: string;
  type: FollowUpType | '';
  reason: FollowUpReason | '';
  requirement: string;
  quotation: string;
  project: string;
  otherReason: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
  visitors: string[];
  followUpBy: string;
  status: FollowUpStatus | '';
  response: string;
  remarks: string;
  nextFollowUp: NextFollowUpState;
};

export const EMPTY_NEXT: NextFollowUpState = {
  nextRequired: false,
  type: '',
  date: '',
  time: '',
  visitors: [],
  followUpBy: '',
};

/**
 * Navigation state the create form takes (spec 2 §2): followUpType, customerId, followUpBy, visitors, date
 * and time, plus the names the pickers show for those ids.
 */
export type FollowUpPrefill = {
  followUpType?: string;
  customerId?: string;
  followUpBy?: string;
  visitors?: string[];
  date?: string;
  time?: string;
  names?: Record<string, string>;
};

/** The context a new follow-up's draft belongs to: the prefill without the names shown for its ids. */
export const followUpDraftContext = (prefill: FollowUpPrefill = {}) => {
  const { names: _names, ...context } = prefill;
  return context;
};

const isType = (v: unknown): v is FollowUpType => v === 'Call' || v === 'Mail' || v === 'Visit';

/** A new follow-up: now (India), status from it, the caller as followUpBy or visitor; prefilled if asked. */
export const newFollowUpValues = (
  prefill: FollowUpPrefill = {},
  selfId?: string | null,
  now: Date = new Date(),
): FollowUpFormState => {
  const type = isType(prefill.followUpType) ? prefill.followUpType : '';
  const date = prefill.date?.slice(0, 10) || todayInAppZone(now);
  const time = prefill.time || nowTimeInAppZone(now);
  return {
    customer: prefill.customerId ?? '',
    type,
    reason: '',
    requirement: '',
    quotation: '',
    project: '',
    otherReason: '',
    date,
    time,
    visitors: prefill.visitors?.length ? prefill.visitors : type === 'Visit' && selfId ? [selfId] : [],
    followUpBy: prefill.followUpBy ?? (type !== 'Visit' && selfId ? selfId : ''),
    status: followUpStatusFor(date, time, now),
    response: '',
    remarks: '',
    nextFollowUp: { ...EMPTY_NEXT },
  };
};

/** The form values of an existing follow-up (the update form sends the whole follow-up back). */
export const followUpFormValuesFrom = (f: FollowUpDto): FollowUpFormState => ({
  customer: f.customer?._id ?? '',
  type: f.type,
  reason: f.reason,
  requirement: f.requirement?._id ?? '',
  quotation: f.quotation ?? '',
  project: f.project ?? '',
  otherReason: f.otherReason ?? '',
  date: f.date.slice(0, 10),
  time: f.time.slice(0, 5),
  visitors: f.visitors.map((u) => u._id),
  followUpBy: f.followUpBy?._id ?? '',
  status: f.status,
  response: f.response ?? '',
  remarks: f.remarks ?? '',
  nextFollowUp: f.nextFollowUp?.nextRequired
    ? {
        nextRequired: true,
        type: f.nextFollowUp.type ?? '',
        date: f.nextFollowUp.date ?? '',
        time: f.nextFollowUp.time ?? '',
        visitors: f.nextFollowUp.visitors.map((u) => u._id),
        followUpBy: f.nextFollowUp.followUpBy?._id ?? '',
      }
    : { ...EMPTY_NEXT },
});

/** The create form's navigation state for the next follow-up of `f` (Create Next Follow Up). */
export const nextFollowUpPrefill = (f: FollowUpDto): FollowUpPrefill | null => {
  const next = f.nextFollowUp;
  if (!next?.nextRequired) return null;
  const people = [...next.visitors, ...(next.followUpBy ? [next.followUpBy] : [])];
  return {
    followUpType: next.type ?? undefined,
    customerId: f.customer?._id,
    followUpBy: next.followUpBy?._id,
    visitors: next.visitors.map((u) => u._id),
    date: next.date ?? undefined,
    time: next.time ?? undefined,
    names: Object.fromEntries([
      ...people.map((u) => [u._id, u.name]),
      ...(f.customer ? [[f.customer._id, f.customer.name]] : []),
    ]),
  };
};

// ------------------------------------------------------------------------------- the form's rules (spec 2 §4)

/**
 * Changing to Visit clears followUpBy and response; away from Visit clears visitors and remarks. The person
 * carries over (the call's person becomes the visitor, the first visitor the caller), else it is the user:
 * a required person is never left empty for someone who may not search users (issue 23).
 */
export const changesForType = (
  from: FollowUpType | '',
  to: FollowUpType | '',
  current: Pick<FollowUpFormState, 'visitors' | 'followUpBy'> = { visitors: [], followUpBy: '' },
  selfId = '',
): Partial<FollowUpFormState> => {
  const person = (current.followUpBy || current.visitors[0] || selfId) ?? '';
  if (to === 'Visit' && from !== 'Visit')
    return {
      followUpBy: '',
      response: '',
      visitors: current.visitors.length ? current.visitors : person ? [person] : [],
    };
  if (to !== 'Visit' && from === 'Visit') return { visitors: [], remarks: '', followUpBy: person };
  return {};
};

/** Changing the reason clears requirement, quotation, project and otherReason. */
export const changesForReason = (): Partial<FollowUpFormState> => ({
  requirement: '',
  quotation: '',
  project: '',
  otherReason: '',
});

/** Unticking 'Another Follow Up Required' clears every next-follow-up field. */
export const nextForRequired = (required: boolean, current: NextFollowUpState): NextFollowUpState =>
  required ? { ...current, nextRequired: true } : { ...EMPTY_NEXT };

/**
 * The next type Visit copies the current visitors; any other next type the current followUpBy, and after a
 * visit (which has none) the user themself: the next call is theirs unless they pick someone else, which
 * needs suggestion on user (issue 23: a Sales Executive without it could not plan a call after a visit).
 */
export const nextForType = (
  values: FollowUpFormState,
  type: FollowUpType | '',
  selfId = '',
): NextFollowUpState => ({
  ...values.nextFollowUp,
  type,
  visitors: type === 'Visit' ? [...values.visitors] : [],
  followUpBy: type && type !== 'Visit' ? values.followUpBy || selfId : '',
});

/** Spec 2 §4: the status follows date and time (at or before now: Completed; later: Scheduled). */
export const statusForWhen = (date: string, time: string, now: Date = new Date()): FollowUpStatus | '' =>
  /^\d{4}-\d{2}-\d{2}/.test(date) && /^\d{2}:\d{2}$/.test(time) ? followUpStatusFor(date, time, now) : '';

/** What the schema reads: no next follow-up block unless one is required. */
export const toSchemaInput = (values: FollowUpFormState) => ({
  ...values,
  nextFollowUp: values.nextFollowUp.nextRequired ? values.nextFollowUp : null,
});

/** The form's validation (follow-up-validation.ts), downloaded as the form renders. */
export const followUpValidation = lazyValidation(() => import('./follow-up-validation'));
