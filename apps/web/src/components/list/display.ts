import type { ReactNode } from 'react';

/** What an empty cell or field shows (spec 2 §3: "Empty cells display '-'"). */
export const EMPTY_VALUE = '-';

/** Whether a value counts as empty: null, undefined, false, blank text or an empty list. */
export const isBlank = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.every(isBlank));

/**
 * A plain value as text: strings and numbers as they are, booleans as Yes/No, lists joined with commas,
 * objects by their `name` (a user reference) or `label`. Anything else, or nothing, is '-'.
 */
export const displayValue = (value: unknown): string => {
  if (typeof value === 'string') return value.trim() === '' ? EMPTY_VALUE : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    const parts = value.map(displayValue).filter((v) => v !== EMPTY_VALUE);
    return parts.length ? parts.join(', ') : EMPTY_VALUE;
  }
  if (value && typeof value === 'object') {
    const { name, label } = value as { name?: unknown; label?: unknown };
    if (typeof name === 'string' && name.trim()) return name;
    if (typeof label === 'string' && label.trim()) return label;
  }
  return EMPTY_VALUE;
};

/** Rendered content, or '-' when it renders nothing. */
export const orEmpty = (node: ReactNode): ReactNode => (isBlank(node) ? EMPTY_VALUE : node);
