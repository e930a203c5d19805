// What the project list, its cards, the detail and the approval dialog need at first paint, kept free of zod
// (see catalogue-list.ts). Spec 3 §2 "Projects", §3 "Project", §4 (Approve), §7 "Projects", §9; spec 2 §3
// (projects under a customer); issue 26; decision 0016.
import { defineList, LIFECYCLE_FILTERS } from '../common/list-query.ts';
import type { RecordStamps, UserRef } from '../common/records.ts';
import { formatSequence } from '../id-pattern.ts';
import type { QuotationLineDto } from './quotation-list.ts';

export const PROJECT_RESOURCE = 'project';
export const PROJECT_LIST_KEY = 'projects';
/** Spec 3 §9: the list's page size is kept under this local-storage key. */
export const PROJECT_LIMIT_KEY = 'projectLimit';

/** Spec 3 §3 "Enumerations", in the order a project moves through them. */
export const PROJECT_STATUSES = [
  'Initiated',
  'Ready For Dispatch',
  'Delivered to Customer Site',
  'Installation',
  'Handover',
  'Completed',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** Spec 3 §3: Completed success, Initiated default, the others info. */
export const PROJECT_STATUS_COLOR: Record<ProjectStatus, 'gray' | 'blue' | 'green'> = {
  Initiated: 'gray',
  'Ready For Dispatch': 'blue',
  'Delivered to Customer Site': 'blue',
  Installation: 'blue',
  Handover: 'blue',
  Completed: 'green',
};

/** Ours (decision 0016): the agreement and the purchase order, each a PDF of at most 5 MB. */
export const PROJECT_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const PROJECT_REASON_MAX = 1000;

/** Spec 3 §2, §8 and spec 2 §8 texts; those the spec does not give are ours (decision 0016). */
export const PROJECT_MESSAGES = {
  quotationRequired: 'Quotation is required',
  quotationNotFound: 'Quotation not found',
  agreementRequired: 'Agreement file is required.',
  purchaseOrderRequired: 'Purchase order file is required.',
  fileNotPdf: (label: string) => `${label} must be a PDF file.`,
  fileTooLarge: (label: string) => `${label} must be at most 5 MB.`,
  fileTooMany: (label: string) => `Attach one ${label.toLowerCase()} only.`,
  alreadyApproved: 'This quotation is already approved',
  notDecidable: 'Only a Draft or ReQuoted quotation can be approved or rejected',
  awaitingReview: 'The re-quotation changes must be approved before the quotation is approved',
  approved: 'Quotation approved',
  notFound: 'Project not found',
  empty: 'No projects found',
  searchEmpty: 'No project found. Try a different search.',
  statusRequired: 'Status is required',
  statusInvalid: `Status must be one of: ${PROJECT_STATUSES.join(', ')}`,
  statusSame: 'The project already has this status',
  statusSkip: 'A project moves one step at a time',
  reasonRequired: 'Please say why the project goes back a step',
  reasonMax: `Reason must not exceed ${PROJECT_REASON_MAX} characters`,
  statusChanged: (status: ProjectStatus) => `Project status changed to ${status}`,
  noAgreement: 'No agreement file attached',
  noPurchaseOrder: 'No purchase order file attached',
  deleteText: 'You can restore it later if needed.',
} as const;

/** The next status, or null at Completed. */
export const nextProjectStatus = (s: ProjectStatus): ProjectStatus | null =>
  PROJECT_STATUSES[PROJECT_STATUSES.indexOf(s) + 1] ?? null;
/** The status before, or null at Initiated. */
export const previousProjectStatus = (s: ProjectStatus): ProjectStatus | null =>
  PROJECT_STATUSES.indexOf(s) > 0 ? PROJECT_STATUSES[PROJECT_STATUSES.indexOf(s) - 1]! : null;

/**
 * Decision 0016 (spec 3 §4: "Project status transitions: not shown"): a project moves forward one step, or
 * back one step with a reason (a delivery that has to be redone); nothing skips, and Completed may still go
 * back to Handover (a snag found after sign-off). The problem with a change, or null when it is allowed.
 */
export const projectStatusChangeProblem = (
  from: ProjectStatus,
  to: string,
  reason: string | null | undefined,
): string | null => {
  if (!to) return PROJECT_MESSAGES.statusRequired;
  if (!(PROJECT_STATUSES as readonly string[]).includes(to)) return PROJECT_MESSAGES.statusInvalid;
  if (to === from) return PROJECT_MESSAGES.statusSame;
  if (to === nextProjectStatus(from)) return null;
  if (to === previousProjectStatus(from)) return reason?.trim() ? null : PROJECT_MESSAGES.reasonRequired;
  return PROJECT_MESSAGES.statusSkip;
};

/** Sort menu (spec 3 §2: by ID, Status, Created Date, Updated Date). */
export const PROJECT_SORT_OPTIONS = [
  { value: 'projectId', label: 'ID' },
  { value: 'status', label: 'Status' },
  { value: 'createdAt', label: 'Created Date' },
  { value: 'updatedAt', label: 'Updated Date' },
] as const;

export const projectListSpec = defineList({
  filters: {
    projectId: 'integer',
    title: 'text',
    status: { enum: PROJECT_STATUSES },
    customer: 'ids',
    requirement: 'ids',
    quotation: 'ids',
    ...LIFECYCLE_FILTERS,
  },
  sortFields: ['projectId', 'status', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
});

/** 1 → 'PI0001' on the detail, 'PI000001' in the list (spec 3 §9); longer numbers keep every digit. */
export const formatProjectId = (n: number, width: 4 | 6 = 4) => formatSequence('PI', n, width);

/** A project number as typed: digits, with or without PI. */
export const projectIdFilterValue = (text: string): string | null => {
  const m = /^(?:PI)?0*(\d{1,9})$/i.exec(text.trim());
  return m ? String(Number(m[1])) : null;
};
/** Ctrl+K (spec 3 §2): by projectId when the text has a digit, else by title. */
export const projectSearchFilter = (text: string): Record<string, string> => {
  const t = text.trim();
  if (!t) return {};
  if (/\d/.test(t)) {
    const id = projectIdFilterValue(t);
    if (id) return { projectId: id };
  }
  return { title: t };
};

/** A stored file of the project (spec 3 §3 "files … each with url"); null when none is attached. */
export type ProjectFileDto = { url: string; name: string; size: number } | null;

/** One status change, with who made it and when (decision 0016). */
export type ProjectStatusChange = {
  from: ProjectStatus | null;
  to: ProjectStatus;
  reason: string | null;
  changedBy: UserRef | null;
  changedAt: string;
};

/** GET /crm/projects/{id}. */
export type ProjectDto = RecordStamps & {
  _id: string;
  projectId: number;
  title: string;
  status: ProjectStatus;
  customer: { _id: string; customerId: number; name: string; isDeleted: boolean } | null;
  requirement: { _id: string; requirementId: number; title: string; isDeleted: boolean } | null;
  quotation: { _id: string; quotationId: number; versionNumber: number; isDeleted: boolean } | null;
  /** The active version's lines when the quotation was approved (frozen with the version). */
  items: QuotationLineDto[];
  totalPrice: number;
  files: { agreementFile: ProjectFileDto; purchaseOrderFile: ProjectFileDto };
  statusHistory: ProjectStatusChange[];
  updatedBy: UserRef | null;
};

/** A row of GET /crm/projects. */
export type ProjectListDto = RecordStamps & {
  _id: string;
  projectId: number;
  title: string;
  status: ProjectStatus;
  customer: { _id: string; customerId: number; name: string } | null;
  totalPrice: number;
};

/** GET /crm/projects/suggestion (the follow-up form's picker, Ctrl+K). */
export type ProjectSuggestion = {
  _id: string;
  projectId: number;
  title: string;
  status: ProjectStatus;
  customer: { _id: string; name: string } | null;
};

/** POST /crm/projects answers `data` with these (spec 3 §7). */
export type ProjectCreated = { _id: string; projectId: number; quotation: string };
