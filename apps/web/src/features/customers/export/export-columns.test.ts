import { CUSTOMER_EXPORT_COLUMNS } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_COLUMNS } from '../customer-columns';

describe('export all matching', () => {
  it('the list’s columns are the export’s: same keys, same labels', () => {
    for (const column of CUSTOMER_COLUMNS)
      expect(
        CUSTOMER_EXPORT_COLUMNS[column.key as keyof typeof CUSTOMER_EXPORT_COLUMNS]?.label,
        column.key,
      ).toBe(column.label);
  });
});
