import { describe, expect, it } from 'vitest';
import { shouldRestoreScroll } from './use-scroll-restoration';

describe('shouldRestoreScroll', () => {
  it('skips forms and the rejection analysis', () => {
    expect(shouldRestoreScroll('/admin/users')).toBe(true);
    expect(shouldRestoreScroll('/admin/users/create')).toBe(false);
    expect(shouldRestoreScroll('/admin/users/0123456789abcdef01234567/update')).toBe(false);
    expect(shouldRestoreScroll('/crm/quotations/0123456789abcdef01234567/re-quotation')).toBe(false);
    expect(shouldRestoreScroll('/admin/rejection-analysis')).toBe(false);
  });
});
