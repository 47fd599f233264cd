import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { ApiError } from '../../lib/http';
import { failure } from './notice';

describe('failure', () => {
  it("keeps the spec's message and adds the server's reason for a client error", () => {
    const taken = new ApiError(409, MSG.signup.emailTaken, '{}');
    expect(failure(taken, MSG.profile.updateFailed)).toEqual({
      tone: 'error',
      text: MSG.profile.updateFailed,
      detail: MSG.signup.emailTaken,
    });
  });

  it('hides server errors, network failures and the lost-session message', () => {
    for (const error of [
      new ApiError(500, 'Something went wrong. Please try again later.', '{}'),
      new TypeError('Failed to fetch'),
      new ApiError(401, MSG.auth.notSignedIn, '{}', undefined, 'not_signed_in'),
    ])
      expect(failure(error, MSG.profile.changeFailed)).toEqual({
        tone: 'error',
        text: MSG.profile.changeFailed,
      });
  });
});
