import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODE_HEADER } from '../../shared/api-errors';
import { MSG } from '../../shared/messages';
import { ApiError, api, clientErrorReason, clientFieldErrors, SESSION_EXPIRED_EVENT } from './http';

const answer = (status: number, body: object, code?: string) =>
  new Response(JSON.stringify(body), { status, headers: code ? { [ERROR_CODE_HEADER]: code } : {} });

function listen() {
  const expired = vi.fn();
  window.addEventListener(SESSION_EXPIRED_EVENT, expired);
  return expired;
}

afterEach(() => vi.unstubAllGlobals());

describe('api errors', () => {
  it("carries the server's code and signs out on a 401 'not_signed_in'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { message: MSG.auth.notSignedIn }, 'not_signed_in')),
    );
    const expired = listen();
    const error = await api('/api/fetch-user?userId=7').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('not_signed_in');
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on any other 401 (a wrong password), whatever the message says', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { message: MSG.auth.notSignedIn }, 'wrong_password')),
    );
    const expired = listen();
    const error = (await api('/api/change-password').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('wrong_password');
    expect(expired).not.toHaveBeenCalled();
  });

  it('has no code when the answer names none or an unknown one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(502, { message: 'Bad gateway' }, 'proxy_said_no')),
    );
    const error = (await api('/api/posts').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBeUndefined();
    expect(error.status).toBe(502);
  });
});

describe('clientErrorReason and clientFieldErrors', () => {
  it("give a client error's reason and fields, never a lost session's or a server error's", () => {
    const bad = new ApiError(400, 'Some fields are not valid.', '{}', { newPassword: 'too short' });
    expect(clientErrorReason(bad)).toBe('Some fields are not valid.');
    expect(clientFieldErrors(bad)).toEqual({ newPassword: 'too short' });
    const gone = new ApiError(401, MSG.auth.notSignedIn, '{}', undefined, 'not_signed_in');
    expect(clientErrorReason(gone)).toBeUndefined();
    expect(clientErrorReason(new ApiError(500, 'Oops', '{}'))).toBeUndefined();
    expect(clientFieldErrors(new ApiError(500, 'Oops', '{}', { name: 'x' }))).toEqual({});
    expect(clientFieldErrors(new Error('x'))).toEqual({});
  });
});
