import type { ItemLineState } from './requirement-form-values';

/** The line being typed in the editor, and which listed one it replaces (null: a new one). */
export type ItemLineDraft = { line: ItemLineState; editing: number | null };
export const EMPTY_LINE: ItemLineState = { item: '', name: '', state: null, quantity: '1', note: '' };
export const EMPTY_LINE_DRAFT: ItemLineDraft = { line: EMPTY_LINE, editing: null };

/** Whether the editor holds input that is not in the list (an item picked or a note typed). */
export const hasUnsavedLine = (draft: ItemLineDraft) =>
  draft.line.item !== '' || draft.line.note.trim() !== '';

/** Whether `item` is already listed (other than the line being edited): 'This item is already listed below'. */
export const isDuplicateItem = (lines: readonly ItemLineState[], item: string, editing: number | null) =>
  lines.some((l, i) => l.item === item && i !== editing);
