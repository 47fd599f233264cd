// POST /api/files/upload (spec §7) through XMLHttpRequest: fetch cannot report upload progress, and
// on a slow connection the user needs to see the bytes leave. Errors are ApiErrors, like lib/http's.
import type { ApiErrorBody, ImageDto } from '../../../shared/api-types';
import type { PostType } from '../../../shared/catalog';
import { MSG } from '../../../shared/messages';
import { ApiError, SESSION_EXPIRED_EVENT } from '../../lib/http';

/** An upload that sends nothing for this long has stalled (slow links still make progress). */
export const UPLOAD_STALL_MS = 60_000;

export interface UploadProgress {
  loaded: number;
  total: number;
}

export function uploadImages(
  { postId, type, files }: { postId: number; type: PostType; files: File[] },
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ImageDto[]> {
  // The server reads postId and type before the files, so a refused upload sends no image bytes.
  const form = new FormData();
  form.append('postId', String(postId));
  form.append('type', type);
  for (const file of files) form.append('images', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files/upload');
    xhr.setRequestHeader('accept', 'application/json');
    let stall = setTimeout(() => xhr.abort(), UPLOAD_STALL_MS);
    let stalled = true;
    const alive = () => {
      clearTimeout(stall);
      stall = setTimeout(() => xhr.abort(), UPLOAD_STALL_MS);
    };
    xhr.upload.onprogress = (event) => {
      alive();
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onloadend = () => clearTimeout(stall);
    xhr.onload = () => {
      let parsed: Partial<ApiErrorBody> & { images?: ImageDto[] } = {};
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy page, say): the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300 && parsed.images) return resolve(parsed.images);
      if (xhr.status === 401 && parsed.message === MSG.auth.notSignedIn) {
        window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
      }
      reject(new ApiError(xhr.status, parsed.message ?? xhr.statusText, xhr.responseText, parsed.errors));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', ''));
    xhr.onabort = () =>
      reject(
        stalled
          ? new ApiError(0, 'The connection stalled', '')
          : new DOMException('The upload was cancelled.', 'AbortError'),
      );
    signal?.addEventListener(
      'abort',
      () => {
        stalled = false;
        xhr.abort();
      },
      { once: true },
    );
    xhr.send(form);
  });
}
