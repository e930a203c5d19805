import { describe, expect, it } from 'vitest';
import { customerCreateSchema, customerUpdateSchema } from '../entities/customer.ts';
import { vendorCreateSchema, vendorUpdateSchema } from '../entities/vendor.ts';
import {
  GSTIN_CHECK_MESSAGE,
  GSTIN_MESSAGE,
  GSTIN_STATE_MESSAGE,
  gstinCheckCharacter,
  gstinProblem,
  gstinStateMismatch,
  placeOfSupplyCode,
} from './money.ts';

/** A valid GSTIN from its first 14 characters. */
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const ODISHA = gstin('21AABCK1234M1Z');
const ANDHRA = gstin('37AAAGK0412B1Z');
/** The same GSTIN with a check character that is not the right one. */
const wrongCheck = (valid: string) => valid.slice(0, 14) + (valid[14] === 'A' ? 'B' : 'A');

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('GSTIN (issue 12)', () => {
  it('names what is wrong: the shape, the state code, the check character', () => {
    expect(gstinProblem(ODISHA)).toBeNull();
    expect(gstinProblem(ODISHA.toLowerCase())).toBeNull();
    expect(gstinProblem(wrongCheck(ODISHA))).toBe(GSTIN_CHECK_MESSAGE);
    expect(GSTIN_CHECK_MESSAGE).toBe('GSTIN check character is wrong');
    expect(gstinProblem(`99${ODISHA.slice(2)}`)).toBe(GSTIN_STATE_MESSAGE);
    expect(gstinProblem('21AABCK1234M1X5')).toBe(GSTIN_MESSAGE); // 14th is not Z
    expect(gstinProblem('21AABCK1234')).toBe(GSTIN_MESSAGE);
  });

  it("places a party in its GSTIN's state before its address state", () => {
    expect(placeOfSupplyCode({ gstin: ANDHRA, state: 'Odisha' })).toBe('37');
    expect(placeOfSupplyCode({ gstin: null, state: 'Odisha' })).toBe('21');
    expect(placeOfSupplyCode({ gstin: ` ${ANDHRA.toLowerCase()} `, state: null })).toBe('37');
    // An invalid GSTIN (never stored) does not decide: the address does.
    expect(placeOfSupplyCode({ gstin: wrongCheck(ANDHRA), state: 'Odisha' })).toBe('21');
    expect(placeOfSupplyCode({ gstin: null, state: 'Atlantis' })).toBeNull();
    expect(placeOfSupplyCode({})).toBeNull();
  });

  describe.each([
    ['customer', customerCreateSchema, customerUpdateSchema, { type: 'Organization', name: 'DAV School' }],
    ['vendor', vendorCreateSchema, vendorUpdateSchema, { name: 'Kalinga Electronics' }],
  ] as const)('on a %s', (_, create, update, base) => {
    it('accepts an Odisha GSTIN, trimmed and upper-cased', () => {
      expect(create.parse({ ...base, gstin: ` ${ODISHA.toLowerCase()} ` })).toMatchObject({ gstin: ODISHA });
    });

    it('refuses a wrong check character and a malformed one with their messages', () => {
      expect(message(create.safeParse({ ...base, gstin: wrongCheck(ODISHA) }))).toBe(GSTIN_CHECK_MESSAGE);
      expect(message(create.safeParse({ ...base, gstin: 'ABC' }))).toBe(GSTIN_MESSAGE);
      expect(message(create.safeParse({ ...base, gstin: 21 }))).toBe(GSTIN_MESSAGE);
      expect(message(update.safeParse({ gstin: wrongCheck(ODISHA) }))).toBe(GSTIN_CHECK_MESSAGE);
    });

    it('reads empty as none: absent on create, cleared on update', () => {
      expect(create.parse({ ...base, gstin: '  ' }).gstin ?? null).toBeNull();
      expect(create.parse(base).gstin).toBeUndefined();
      expect(update.parse({ gstin: '' })).toEqual({ gstin: null });
      expect(update.parse({ gstin: null })).toEqual({ gstin: null });
    });
  });
});

describe('GSTIN and address state (issue 23)', () => {
  const JHARKHAND = gstin('20AABCK1234M1Z');

  it('questions a GSTIN of another state than the address, naming both states and the tax that follows', () => {
    expect(gstinStateMismatch({ gstin: JHARKHAND, state: 'Odisha' }, 'Odisha')).toBe(
      'The GSTIN is registered in Jharkhand; the address is in Odisha. Tax will follow the GSTIN: IGST for Odisha sales.',
    );
    // Registered in the company's own state, the address elsewhere: the sales stay within the state.
    expect(gstinStateMismatch({ gstin: ODISHA.toLowerCase(), state: ' andhra  pradesh ' }, 'Odisha')).toBe(
      'The GSTIN is registered in Odisha; the address is in Andhra Pradesh. Tax will follow the GSTIN: CGST and SGST for Odisha sales.',
    );
  });

  it('says nothing when they agree, or when the GSTIN or the state is missing, invalid or unknown', () => {
    expect(gstinStateMismatch({ gstin: ODISHA, state: 'Odisha' }, 'Odisha')).toBeNull();
    expect(gstinStateMismatch({ gstin: ANDHRA, state: 'Andhra Pradesh' }, 'Odisha')).toBeNull();
    expect(gstinStateMismatch({ gstin: '', state: 'Odisha' }, 'Odisha')).toBeNull();
    expect(gstinStateMismatch({ gstin: null, state: 'Odisha' }, 'Odisha')).toBeNull();
    expect(gstinStateMismatch({ gstin: wrongCheck(JHARKHAND), state: 'Odisha' }, 'Odisha')).toBeNull();
    expect(gstinStateMismatch({ gstin: JHARKHAND, state: '' }, 'Odisha')).toBeNull();
    expect(gstinStateMismatch({ gstin: JHARKHAND, state: 'Atlantis' }, 'Odisha')).toBeNull();
  });
});
