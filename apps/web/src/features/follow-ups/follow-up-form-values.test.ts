import { describe, expect, it } from 'vitest';
import { changesForType, newFollowUpValues, nextForType } from './follow-up-form-values';

const ME = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);

describe('the next follow-up’s person', () => {
  it('after a visit, a next call or mail is the user’s own (issue 23: no user search needed)', () => {
    const visit = { ...newFollowUpValues({ followUpType: 'Visit' }, ME), nextFollowUp: {} } as never;
    expect(nextForType(visit, 'Call', ME).followUpBy).toBe(ME);
    expect(nextForType(visit, 'Mail', ME).followUpBy).toBe(ME);
    expect(nextForType(visit, 'Visit', ME)).toMatchObject({ followUpBy: '', visitors: [ME] });
  });

  it('after a call, the next call keeps the call’s person', () => {
    const call = newFollowUpValues({ followUpType: 'Call', followUpBy: OTHER }, ME);
    expect(nextForType(call, 'Call', ME).followUpBy).toBe(OTHER);
    expect(nextForType(call, '', ME).followUpBy).toBe('');
  });
});

describe('changing the type keeps a person', () => {
  it('to Visit the user (or the call’s person) visits; back from Visit the first visitor calls', () => {
    expect(changesForType('', 'Visit', { visitors: [], followUpBy: '' }, ME)).toMatchObject({
      visitors: [ME],
    });
    expect(changesForType('Call', 'Visit', { visitors: [], followUpBy: OTHER }, ME)).toMatchObject({
      visitors: [OTHER],
      followUpBy: '',
    });
    expect(changesForType('Visit', 'Mail', { visitors: [OTHER, ME], followUpBy: '' }, ME)).toMatchObject({
      visitors: [],
      followUpBy: OTHER,
    });
  });
});
