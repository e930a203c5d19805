import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { messageOf } from './notify';

describe('messageOf', () => {
  it('adds the request reference to a server failure so a user can quote it', () => {
    const error = new ApiError(
      500,
      'We’re experiencing some technical issues. Please try again later.',
      undefined,
      {
        requestId: '6617a035-bbeb-4d57-8bb0-2b75182f22cf',
      },
    );
    expect(messageOf(error)).toBe(
      'We’re experiencing some technical issues. Please try again later. (reference 6617a035)',
    );
  });

  it('leaves the spec’s messages of refusals as they are', () => {
    const error = new ApiError(400, 'Name is required', 'VALIDATION', { requestId: 'abc' });
    expect(messageOf(error)).toBe('Name is required');
    expect(messageOf(new ApiError(503, 'Later', undefined, undefined))).toBe('Later');
  });
});
