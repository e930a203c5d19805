import { describe, expect, it } from 'vitest';
import { projectTitleOf, reQuotationTitle } from './quotation-list.ts';

describe('quotation and project titles', () => {
  it('a re-quotation takes the Re-Quotation wording once', () => {
    expect(reQuotationTitle('Smart class for Saraswati Vidya Mandir')).toBe(
      'Re-Quotation: Smart class for Saraswati Vidya Mandir',
    );
    expect(reQuotationTitle('Quotation for robotics lab')).toBe('Re-Quotation for robotics lab');
    expect(reQuotationTitle('Re-Quotation for robotics lab')).toBe('Re-Quotation for robotics lab');
  });

  it("a project's title is its version's without the re-quotation wording (issue 26)", () => {
    for (const original of ['Smart class for Saraswati Vidya Mandir', 'Quotation for robotics lab'])
      expect(projectTitleOf(reQuotationTitle(original))).toBe(original);
    expect(projectTitleOf('  re-quotation:  Lab kits ')).toBe('Lab kits');
    expect(projectTitleOf('Requotation for science kits')).toBe('Quotation for science kits');
    // A version that was never re-quoted keeps its title; a title that is only the prefix is kept whole.
    expect(projectTitleOf('Smart class')).toBe('Smart class');
    expect(projectTitleOf('Re-Quotation:')).toBe('Re-Quotation:');
  });
});
