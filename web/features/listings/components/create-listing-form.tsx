// Create a Product/Service Listing (spec §2, §5, §8): every field required and checked on submit
// (nothing is sent while a check fails), then create-post, the image upload with its progress, and
// the Post Preview carrying the created item and its images. The form keeps its draft on the device
// (decision 026): fields, images and the attempt's Idempotency-Key survive a reload or a power cut.
// Sent without a connection, the post waits here (with its images) and goes out, once, when the
// connection returns.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PostType, SellOrBuy } from '../../../../shared/catalog';
import { MSG } from '../../../../shared/messages';
import type { PostInput } from '../../../../shared/validation';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';
import { Form } from '../../../components/ui/form';
import { useForm } from '../../../components/ui/use-form';
import { ApiError, clientErrorReason } from '../../../lib/http';
import { newCreateKey } from '../api';
import { draftId } from '../drafts';
import { checkListing, emptyListing, LISTING_FIELD_ALIASES, type ListingFields } from '../listing-fields';
import { LISTING_TEXT } from '../messages';
import type { PreviewState } from '../preview-state';
import { useCreateListing } from '../use-create-listing';
import { useListingDraft } from '../use-listing-draft';
import { DraftNotice } from './draft-notice';
import { ImagePicker } from './image-picker';
import { ListingFieldsEditor } from './listing-fields-editor';
import { UploadProgress } from './upload-progress';

interface Failure {
  text: string;
  detail?: string;
  note?: string;
}

const BUSY_LABEL = { saving: 'Saving post...', preparing: 'Preparing images...', uploading: 'Uploading...' };

/** A queued post that found no server while the browser said online is tried again after this. */
const QUEUE_RETRY_MS = 15_000;

/** No answer at all (offline, a dropped connection, a timeout): the same attempt can go again later. */
const unanswered = (error: unknown) => !(error instanceof ApiError);

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
  const [blank] = useState(emptyListing);
  const draft = useListingDraft(draftId(userId, `create:${kind}:${sellOrBuy}`), blank);
  const images = draft.images ?? [];
  /** This attempt's Idempotency-Key: made on the first submit, kept until the post is created. */
  const [createKey, setCreateKey] = useState(draft.saved?.createKey);
  const [queued, setQueued] = useState(draft.saved?.queued ?? false);
  const { submit, phase, progress, created } = useCreateListing(userId);
  const busy = phase !== 'idle';
  const form = useForm<ListingFields, PostInput, Failure>({
    initial: draft.initial,
    validate: (fields) => checkListing(kind, sellOrBuy, fields),
    fieldAliases: LISTING_FIELD_ALIASES,
    clearErrorOnChange: true,
  });

  const { save, imageCount } = draft;
  useEffect(
    () => save(form.values, imageCount, createKey ? { createKey, queued } : {}),
    [save, form.values, imageCount, createKey, queued],
  );

  const onSubmit = async (input: PostInput) => {
    const key = createKey ?? newCreateKey();
    setCreateKey(key);
    if (!navigator.onLine) {
      setQueued(true);
      return;
    }
    const outcome = await submit(
      input,
      images.map((image) => image.file),
      key,
    );
    if (outcome.ok) {
      draft.done();
      const state: PreviewState = { item: outcome.item, images: outcome.images };
      navigate('/product-preview', { state });
      return;
    }
    const { stage, error } = outcome;
    if (stage === 'create' && unanswered(error)) {
      setQueued(true);
    } else if (stage === 'upload') {
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

  // A queued post goes out through the form's own submit (the fields are checked again, the same key
  // is sent): at once when the form opens online with one restored, else when the connection returns,
  // or after a pause when the browser thinks it is online but the server did not answer.
  const firstTry = useRef(queued);
  const imagesRead = draft.images !== null;
  useEffect(() => {
    if (!queued || busy || !imagesRead) return;
    const send = () => {
      setQueued(false);
      form.ref.current?.requestSubmit();
    };
    const atOnce = firstTry.current && navigator.onLine;
    firstTry.current = false;
    if (atOnce) return send();
    window.addEventListener('online', send);
    const timer = navigator.onLine ? setTimeout(send, QUEUE_RETRY_MS) : undefined;
    return () => {
      window.removeEventListener('online', send);
      clearTimeout(timer);
    };
  }, [queued, busy, imagesRead, form.ref]);

  const discard = () => {
    draft.discard();
    form.reset(blank);
    setCreateKey(undefined);
    setQueued(false);
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
      {draft.restored ? <DraftNotice onDiscard={discard} /> : null}
      <p className="text-slate-700">{intro}</p>
      <ListingFieldsEditor kind={kind} field={form.field} disabled={busy} />
      <ImagePicker images={images} onChange={draft.setImages} disabled={busy || draft.images === null} />
      {phase === 'preparing' || phase === 'uploading' ? <UploadProgress progress={progress} /> : null}
      {queued && !busy ? (
        <Alert>
          <p className="font-medium">{MSG.create.queuedOffline}</p>
          <p>{LISTING_TEXT.queuedNote}</p>
        </Alert>
      ) : null}
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
