// The errors an upload can end with. The first three are the spec's messages (spec §5); the others
// cover cases the spec does not name.
import { MSG } from '../../../shared/messages';
import { AppError, badRequest, tooManyRequests } from '../../errors';

export const MAX_INPUT_PIXELS = 40_000_000;

export const IMAGE_MESSAGES = {
  noFiles: 'Please choose at least one image to upload.',
  tooManyPixels: 'Images must be at most 40 megapixels.',
  unexpectedFile: 'Images must be sent in the field named images.',
  badForm: 'The upload form is not valid.',
  fieldsFirst: 'Send postId and type before the images.',
  incomplete: 'The upload did not arrive in full. Please try again.',
  stalled: 'The upload stopped arriving. Please check your connection and try again.',
} as const;

export const tooManyImages = () => badRequest(MSG.images.tooMany);
export const imageTooBig = () => new AppError(413, MSG.images.tooBig);
export const notAnImage = () => new AppError(415, MSG.images.notImage);
export const tooManyPixels = () => new AppError(413, IMAGE_MESSAGES.tooManyPixels);
/** The user already has as many uploads in progress as allowed; a few seconds usually frees one. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;
export const uploadsInProgress = () =>
  tooManyRequests(UPLOAD_RETRY_AFTER_SECONDS, MSG.images.uploadsInProgress);
/** Nothing arrived for UPLOAD_IDLE_SECONDS: the connection is closed (the client may never read this). */
export const uploadStalled = () => new AppError(408, IMAGE_MESSAGES.stalled);
