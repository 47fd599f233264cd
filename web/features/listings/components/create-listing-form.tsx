// Create a Product/Service Listing (spec §2, §5, §8): every field required and checked on submit
// (nothing is sent while a check fails), then create-post, the image upload with its progress, and
// the Post Preview carrying the created item and its images.
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PostType, SellOrBuy } from '../../../../shared/catalog';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { clientErrorReason, clientFieldErrors } from '../../../lib/http';
import {
  emptyListing,
  type ListingErrors,
  type ListingFields,
  toListingErrors,
  validateListing,
} from '../listing-fields';
import { LISTING_TEXT } from '../messages';
import type { PreviewState } from '../preview-state';
import { useCreateListing } from '../use-create-listing';
import { ImagePicker, type PickedImage } from './image-picker';
import { ListingFieldsEditor } from './listing-fields-editor';
import { UploadProgress } from './upload-progress';
import { useFocusFirstInvalid } from './use-focus-invalid';

interface Failure {
  text: string;
  detail?: string;
  note?: string;
}

const BUSY_LABEL = { saving: 'Saving post...', preparing: 'Preparing images...', uploading: 'Uploading...' };

export function CreateListingForm({
  kind,
  sellOrBuy,
  userId,
}: {
  kind: PostType;
  sellOrBuy: SellOrBuy;
  userId: number;
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<ListingFields>(emptyListing);
  const [errors, setErrors] = useState<ListingErrors>({});
  const [images, setImages] = useState<PickedImage[]>([]);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { submit, phase, progress, created } = useCreateListing(userId);
  const busy = phase !== 'idle';
  useFocusFirstInvalid(formRef, errors);

  const onChange = (field: keyof ListingFields, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { input, errors: found } = validateListing(kind, sellOrBuy, fields);
    setErrors(found);
    setFailure(null);
    if (!input) return;
    const outcome = await submit(
      input,
      images.map((image) => image.file),
    );
    if (outcome.ok) {
      const state: PreviewState = { item: outcome.item, images: outcome.images };
      navigate('/product-preview', { state });
      return;
    }
    const { stage, error } = outcome;
    if (stage === 'upload') {
      setFailure({
        text: MSG.create.uploadFailed,
        detail: clientErrorReason(error),
        note: LISTING_TEXT.uploadRetryNote,
      });
    } else {
      console.warn(`${stage}-post failed`, error);
      setErrors(toListingErrors(clientFieldErrors(error)));
      setFailure({
        text: stage === 'create' ? MSG.create.createFailed : LISTING_TEXT.saveFailed,
        detail: clientErrorReason(error),
      });
    }
  };

  const intro = `${sellOrBuy === 'Sell' ? 'You are selling' : 'You are looking to buy'} ${
    kind === 'product' ? 'a product' : 'a service'
  }.`;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
      className={cardClass({ padding: 'responsive' }, 'space-y-6')}
    >
      <p className="text-slate-700">{intro}</p>
      <ListingFieldsEditor kind={kind} fields={fields} errors={errors} onChange={onChange} disabled={busy} />
      <ImagePicker images={images} onChange={setImages} disabled={busy} />
      {phase === 'preparing' || phase === 'uploading' ? <UploadProgress progress={progress} /> : null}
      {failure ? (
        <Alert tone="error">
          <p className="font-medium">{failure.text}</p>
          {failure.detail ? <p>{failure.detail}</p> : null}
          {failure.note ? <p>{failure.note}</p> : null}
        </Alert>
      ) : null}
      <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
        {phase !== 'idle' ? BUSY_LABEL[phase] : created ? 'Try again' : 'Create post'}
      </Button>
    </form>
  );
}
