// The image picker (spec §5): up to 5 images of at most 5 MB each as uploaded (a bigger photo is
// shrunk first, issue 34), images only, with the spec's three messages; thumbnails with a remove
// button before upload; disabled at 5 images, while uploading or while photos are being shrunk.
import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../../shared/catalog';
import { pickImages, type Shrink } from '../image-rules';
import { LISTING_TEXT } from '../messages';
import { type PickedImage, pickedOf } from '../picked-image';
import { Thumbnail } from './thumbnail';

export type { PickedImage };

// Loaded only when a photo is over the limit, so the form's first load stays small.
const shrink: Shrink = async (file) => (await import('../downscale')).prepareForUpload(file);

export function ImagePicker({
  images,
  onChange,
  disabled = false,
}: {
  images: readonly PickedImage[];
  onChange(images: PickedImage[]): void;
  disabled?: boolean;
}) {
  const id = useId();
  const [errors, setErrors] = useState<string[]>([]);
  const [preparing, setPreparing] = useState(false);
  // The list as it is when shrinking ends (a photo may have been removed meanwhile).
  const latest = useRef(images);
  latest.current = images;
  const full = images.length >= LIMITS.imagesPerPost;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Cleared so picking the same file again (after removing it) fires a change.
    event.target.value = '';
    setPreparing(true);
    try {
      const { accepted, errors: found } = await pickImages(images.length, picked, shrink);
      setErrors(found);
      if (accepted.length > 0) onChange([...latest.current, ...pickedOf(accepted)]);
    } finally {
      setPreparing(false);
    }
  };

  const remove = (key: string) => {
    setErrors([]);
    onChange(images.filter((image) => image.key !== key));
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">
        Images <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Up to {LIMITS.imagesPerPost} images, 5 MB each. {images.length} of {LIMITS.imagesPerPost} chosen.
      </p>
      {images.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {images.map((image) => (
            <li key={image.key}>
              <Thumbnail file={image.file} onRemove={() => remove(image.key)} disabled={disabled} />
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <input
          id={id}
          type="file"
          accept="image/*"
          multiple
          className="peer sr-only"
          disabled={disabled || full || preparing}
          aria-describedby={`${id}-hint${errors.length ? ` ${id}-errors` : ''}`}
          onChange={(event) => void onPick(event)}
        />
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:bg-slate-100 peer-disabled:text-slate-500"
        >
          <ImagePlus aria-hidden="true" className="size-5" />
          Add images
        </label>
      </div>
      {preparing ? (
        <p role="status" className="text-sm text-slate-700">
          {LISTING_TEXT.preparingPhotos}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <div id={`${id}-errors`} role="alert" className="space-y-1 text-sm text-red-700">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
