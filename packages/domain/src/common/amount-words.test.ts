import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './amount-words.ts';

describe('amounts in words, Indian system', () => {
  it('reads the issue’s example', () => {
    expect(amountInWords(12_045_050)).toBe(
      'Rupees One Lakh Twenty Thousand Four Hundred Fifty and Paise Fifty Only',
    );
  });
  it('reads zero, paise only and whole rupees', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(50)).toBe('Paise Fifty Only');
    expect(amountInWords(7)).toBe('Paise Seven Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(1_119)).toBe('Rupees Eleven and Paise Nineteen Only');
    expect(amountInWords(-250)).toBe('Minus Rupees Two and Paise Fifty Only');
  });
  it('groups in crores, lakhs, thousands and hundreds', () => {
    expect(numberInWords(10_000_000)).toBe('One Crore');
    expect(numberInWords(12_34_56_789)).toBe(
      'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine',
    );
    expect(numberInWords(1_00_00_00_000)).toBe('One Hundred Crore');
    expect(numberInWords(10_00_00_00_000)).toBe('One Thousand Crore');
    expect(numberInWords(1_00_001)).toBe('One Lakh One');
    expect(numberInWords(90)).toBe('Ninety');
    expect(numberInWords(115)).toBe('One Hundred Fifteen');
    expect(amountInWords(2_50_00_000_00)).toBe('Rupees Two Crore Fifty Lakh Only');
  });
});
