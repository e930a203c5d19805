import { describe, expect, it } from 'vitest';
import { errorMessageFor, MESSAGES } from './api.ts';

describe('errorMessageFor (spec 1 §8 message mapping)', () => {
  const server = { success: false, message: 'Role not found' };
  it.each([
    [400, server, 'Role not found'],
    [400, {}, 'Oops! Something is wrong with your request. Please check and try again.'],
    [401, server, 'You need to log in to access this feature.'],
    [401, {}, 'You need to log in to access this feature.'],
    [403, server, 'Role not found'],
    [403, {}, 'You don’t have permission to perform this action.'],
    [404, server, 'Role not found'],
    [404, {}, 'The requested resource was not found.'],
    [413, { message: 'The request is too large: at most 1 MB.' }, 'The request is too large: at most 1 MB.'],
    [413, {}, 'The request is too large.'],
    [429, server, 'Role not found'],
    [429, {}, 'You have made too many requests. Please try again later.'],
    [500, server, 'We’re experiencing some technical issues. Please try again later.'],
    [500, {}, 'We’re experiencing some technical issues. Please try again later.'],
    [409, server, 'Role not found'],
    [409, {}, 'Something went wrong. Please try again.'],
    [502, undefined, 'Something went wrong. Please try again.'],
    [undefined, undefined, 'Something went wrong. Please try again.'],
    [400, null, 'Oops! Something is wrong with your request. Please check and try again.'],
  ])('%s %j → %s', (status, body, message) => {
    expect(errorMessageFor(status, body)).toBe(message);
  });

  it('a blank or non-string server message does not count', () => {
    expect(errorMessageFor(404, { message: '   ' })).toBe('The requested resource was not found.');
    expect(errorMessageFor(400, { message: 42 })).toBe(
      'Oops! Something is wrong with your request. Please check and try again.',
    );
  });

  it.each(['<html>Bad gateway</html>', 42, true])(
    'a non-object error (%j) gets the generic message',
    (body) => {
      expect(errorMessageFor(400, body)).toBe('An unexpected error occurred. Please try again later.');
      expect(errorMessageFor(500, body)).toBe('An unexpected error occurred. Please try again later.');
    },
  );

  it('the too-large message names the limit', () => {
    expect(MESSAGES.tooLarge(1024 * 1024)).toBe('The request is too large: at most 1 MB.');
    expect(MESSAGES.tooLarge(16 * 1024 * 1024)).toBe('The request is too large: at most 16 MB.');
    expect(MESSAGES.tooLarge(512 * 1024)).toBe('The request is too large: at most 512 KB.');
  });

  it('role-expired message lists the names', () => {
    expect(MESSAGES.roleExpired(['Seasonal Promoter'])).toBe('The role Seasonal Promoter has expired.');
    expect(MESSAGES.roleExpired(['A', 'B'])).toBe('The role A, B has expired.');
  });
});
