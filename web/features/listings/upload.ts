// POST /api/files/upload (spec §7) through XMLHttpRequest: fetch cannot report upload progress, and
// on a slow connection the user needs to see the bytes leave. Errors are ApiErrors, like lib/http's.
import { ERROR_CODE_HEADER } from '../../../shared/api-errors';
import type { PostType } from '../../../shared/catalog';
import type { Answer } from '../../../shared/contract';
import { ROUTES } from '../../../shared/contract/routes';
import { ApiError, errorFromResponse } from '../../lib/http';

type Images = Answer<'uploadImages'>['images'];

/** An upload that sends nothing for this long has stalled (slow links still make progress). */
const UPLOAD_STALL_MS = 60_000;

export interface UploadProgress {
  loaded: number;
  total: number;
}

export function uploadImages(
  { postId, type, files }: { postId: number; type: PostType; files: File[] },
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<Images> {
  // The server reads postId and type before the files, so a refused upload sends no image bytes.
  const form = new FormData();
  form.append('postId', String(postId));
  form.append('type', type);
  for (const file of files) form.append('images', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ROUTES.uploadImages.method, ROUTES.uploadImages.path);
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
      if (xhr.status >= 200 && xhr.status < 300) {
        let images: Images | undefined;
        try {
          images = (JSON.parse(xhr.responseText) as Partial<Answer<'uploadImages'>>).images;
        } catch {
          // Not JSON (a proxy page, say): answered as the error below.
        }
        if (images) return resolve(images);
      }
      // The same error as lib/http's (a 401 'not_signed_in' signs the browser out).
      reject(
        errorFromResponse(
          xhr.status,
          xhr.statusText,
          xhr.responseText,
          xhr.getResponseHeader(ERROR_CODE_HEADER),
        ),
      );
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
