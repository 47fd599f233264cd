import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { ApiError, SESSION_EXPIRED_EVENT } from '../../lib/http';
import { file, stubXhr } from './test/helpers';
import { uploadImages } from './upload';

afterEach(() => vi.unstubAllGlobals());

const upload = () => uploadImages({ postId: 3, type: 'product', files: [file('a.jpg', 'image/jpeg')] });

describe('uploadImages errors', () => {
  it.each([
    ['not_signed_in', 1],
    ['wrong_password', 0],
  ] as const)('a 401 %s fires the session-expired event %d time(s)', async (code, times) => {
    const xhr = stubXhr();
    const expired = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    const result = upload().catch((error: unknown) => error);
    xhr[0]?.respond(401, { message: MSG.auth.notSignedIn }, code);
    const error = (await result) as ApiError;
    window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(code);
    expect(expired).toHaveBeenCalledTimes(times);
  });
});
