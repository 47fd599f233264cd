// Create a Product/Service Listing (spec §2, §5, §8): every field required and checked on submit
// (nothing is sent while a check fails), then create-post, the image upload with its progress, and
// the Post Preview carrying the created item and its images.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PostType, SellOrBuy } from '../../../../shared/catalog';
import { MSG } from '../../../../shared/messages';
import type { PostInput } from '../../../../shared/validation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form';
import { useForm } from '../../../components/ui/use-form';
import { clientErrorReason } from '../../../lib/http';
import { checkListing, emptyListing, LISTING_FIELD_ALIASES, type ListingFields } from '../listing-fields';
import { LISTING_TEXT } from '../messages';
import type { PreviewState } from '../preview-state';
import { useCreateListing } from '../use-create-listing';
import { ImagePicker, type PickedImage } from './image-picker';
import { ListingFieldsEditor } from './listing-fields-editor';
import { UploadProgress } from './upload-progress';

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
  const [images, setImages] = useState<PickedImage[]>([]);
  const { submit, phase, progress, created } = useCreateListing(userId);
  const busy = phase !== 'idle';
  const form = useForm<ListingFields, PostInput, Failure>({
    initial: emptyListing,
    validate: (fields) => checkListing(kind, sellOrBuy, fields),
    fieldAliases: LISTING_FIELD_ALIASES,
    clearErrorOnChange: true,
  });

  const onSubmit = async (input: PostInput) => {
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
      form.setFormError({
        text: MSG.create.uploadFailed,
        detail: clientErrorReason(error),
        note: LISTING_TEXT.uploadRetryNote,
      });
    } else {
      console.warn(`${stage}-post failed`, error);
      form.showServerErrors(error);
      form.setFormError({
        text: stage === 'create' ? MSG.create.createFailed : LISTING_TEXT.saveFailed,
        detail: clientErrorReason(error),
      });
    }
  };

  const intro = `${sellOrBuy === 'Sell' ? 'You are selling' : 'You are looking to buy'} ${
    kind === 'product' ? 'a product' : 'a service'
  }.`;

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      aria-busy={busy}
      className={cardClass({ padding: 'responsive' }, 'space-y-6')}
    >
      <p className="text-slate-700">{intro}</p>
      <ListingFieldsEditor kind={kind} field={form.field} disabled={busy} />
      <ImagePicker images={images} onChange={setImages} disabled={busy} />
      {phase === 'preparing' || phase === 'uploading' ? <UploadProgress progress={progress} /> : null}
      {form.formError ? (
        <Alert tone="error">
          <p className="font-medium">{form.formError.text}</p>
          {form.formError.detail ? <p>{form.formError.detail}</p> : null}
          {form.formError.note ? <p>{form.formError.note}</p> : null}
        </Alert>
      ) : null}
      <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
        {phase !== 'idle' ? BUSY_LABEL[phase] : created ? 'Try again' : 'Create post'}
      </Button>
    </Form>
  );
}
