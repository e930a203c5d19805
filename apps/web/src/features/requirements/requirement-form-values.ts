// Deliberate import circle with ./requirement-validation.ts (loaded lazily): keeps zod out of first paint.
import {
  defaultPurchaseDate,
  type ItemState,
  REQUIREMENT_DEFAULT_PRIORITY,
  REQUIREMENT_DEFAULT_STATUS,
  REQUIREMENT_DEFAULT_TYPE,
  type RequirementDto,
  type RequirementPriority,
  type RequirementStatus,
  type RequirementType,
} from '@karya/domain';
import { lazyValidation } from '../../lib/lazy-validation';

/** One listed item of the items editor; quantity as typed. `name` and `state` are for display only. */
export type ItemLineState = {
  item: string;
  name: string;
  state: ItemState | null;
  quantity: string;
  note: string;
};

/** What the requirement form's inputs hold: texts are '' when empty so every input stays controlled. */
export type RequirementFormState = {
  title: string;
  customer: string;
  type: RequirementType;
  priority: RequirementPriority;
  status: RequirementStatus;
  items: ItemLineState[];
  budget: string;
  /** YYYY-MM-DD */
  purchaseDate: string;
  notes: string;
};

/** A new requirement: Product, Medium, Open, purchase 15 days ahead (spec 2 §9); the customer if carried. */
export const newRequirementValues = (customerId?: string | null, now = new Date()): RequirementFormState => ({
  title: '',
  customer: customerId ?? '',
  type: REQUIREMENT_DEFAULT_TYPE,
  priority: REQUIREMENT_DEFAULT_PRIORITY,
  status: REQUIREMENT_DEFAULT_STATUS,
  items: [],
  budget: '',
  purchaseDate: defaultPurchaseDate(now),
  notes: '',
});

export const requirementFormValuesFrom = (r: RequirementDto): RequirementFormState => ({
  title: r.title,
  customer: r.customer?._id ?? '',
  type: r.type,
  priority: r.priority,
  status: r.status,
  items: r.items.flatMap((l) =>
    l.item
      ? [
          {
            item: l.item._id,
            name: l.item.name,
            state: l.item.state,
            quantity: String(l.quantity),
            note: l.note ?? '',
          },
        ]
      : [],
  ),
  budget: r.budget === null ? '' : String(r.budget),
  purchaseDate: r.purchaseDate ?? '',
  notes: r.notes ?? '',
});

/** The request the form stands for (numbers still as typed: the domain schema reads them). */
export const requirementRequestFrom = (v: RequirementFormState, mode: 'create' | 'update') => ({
  title: v.title,
  customer: v.customer,
  type: v.type,
  priority: v.priority,
  ...(mode === 'update' ? { status: v.status } : {}),
  items: v.items.map((l) => ({ item: l.item, quantity: l.quantity, note: l.note })),
  budget: v.budget,
  purchaseDate: v.purchaseDate,
  notes: v.notes,
});

/** PATCH sends only what changed (decision 0008); items as a whole when any line changed. */
export const changedRequirementFields = (
  validated: Record<string, unknown>,
  values: RequirementFormState,
  initial: RequirementFormState,
) => {
  const out: Record<string, unknown> = {};
  const plain = (l: ItemLineState[]) =>
    JSON.stringify(l.map((x) => [x.item, x.quantity.trim(), x.note.trim()]));
  for (const key of Object.keys(validated)) {
    if (key === 'customer') continue;
    const changed =
      key === 'items'
        ? plain(values.items) !== plain(initial.items)
        : String(values[key as keyof RequirementFormState] ?? '').trim() !==
          String(initial[key as keyof RequirementFormState] ?? '').trim();
    if (changed) out[key] = validated[key] ?? null;
  }
  return out;
};

/** The form field a schema issue belongs to: an item line's messages go to the items editor. */
export const formFieldOf = (path: readonly (string | number)[]): keyof RequirementFormState | null => {
  const head = path[0];
  if (typeof head !== 'string') return null;
  return head as keyof RequirementFormState;
};

/** The requirement form's validation (zod and the schemas), loaded as the form renders. */
export const requirementValidation = lazyValidation(() => import('./requirement-validation'));
