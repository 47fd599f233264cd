// The Post Preview's card (spec §2, §4): the created listing and its images, and the owner's actions.
// Edit only while unpublished (disabled once published); Save -> edit-post; Publish -> publish-post;
// once published, Edit stays disabled, Publish is gone, Next leads to the Account Dashboard and the
// dashboard's sale status buttons (Mark reserved / Mark sold / Relist, issue 14) are offered here too.
// In Edit mode each uploaded image can be removed (DELETE /api/files/{imageId}).
import { ArrowRight, Pencil, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ImageDto, ItemDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { clientErrorReason } from '../../../lib/http';
import { usePostImages, usePublishPost, useRemoveImage } from '../api';
import { LISTING_TEXT } from '../messages';
import type { PreviewState } from '../preview-state';
import { ListingEditForm } from './listing-edit-form';
import { ListingImages } from './listing-images';
import { ListingSummary } from './listing-summary';
import { StatusControl } from './status-control';

export function PostPreview({
  state,
  isOwner,
  onItemChange,
  onImagesChange,
  notify,
}: {
  state: PreviewState;
  isOwner: boolean;
  onItemChange(item: ItemDto): void;
  /** The post's images after one was removed (the preview writes them into navigation state). */
  onImagesChange(images: ImageDto[]): void;
  notify(text: string, tone?: 'success' | 'error'): void;
}) {
  const { item } = state;
  // The dashboard opens the preview with the cover only; the full list comes from the server.
  const images = usePostImages(item.type, item.id, state.images);
  const [editing, setEditing] = useState(false);
  const publish = usePublishPost();
  const actions = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<'edit' | 'next' | null>(null);
  const remove = useRemoveImage(item.type, item.id);
  // Each remove button is disabled while its own request runs (several may run at once).
  const [removing, setRemoving] = useState<ReadonlySet<number>>(new Set());
  const imagesSection = useRef<HTMLElement>(null);
  const focusRemoveAt = useRef<number | null>(null);
  // Removed here: an answer that arrives late (an older list) never brings one back.
  const removed = useRef(new Set<number>());

  // Leaving Edit mode returns focus to Edit; publishing moves it to Next (Publish is gone).
  useEffect(() => {
    const target = focusAfter.current;
    if (!target || editing) return;
    focusAfter.current = null;
    actions.current?.querySelector<HTMLElement>(`[data-focus="${target}"]`)?.focus();
  });

  // A removed image's button is gone: focus moves to the next image's button (or the last one), or
  // to the Images heading when none is left.
  useEffect(() => {
    const at = focusRemoveAt.current;
    if (at === null) return;
    focusRemoveAt.current = null;
    const section = imagesSection.current;
    const buttons = section?.querySelectorAll<HTMLElement>('[data-remove-image]') ?? [];
    (buttons[Math.min(at, buttons.length - 1)] ?? section?.querySelector<HTMLElement>('h3'))?.focus();
  });

  const onRemoveImage = async (image: ImageDto) => {
    setRemoving((ids) => new Set(ids).add(image.id));
    try {
      const answer = await remove.mutateAsync(image.id);
      removed.current.add(image.id);
      const remaining = answer.filter((i) => !removed.current.has(i.id));
      const index = images.findIndex((i) => i.id === image.id);
      if (focusRemoveAt.current === null) focusRemoveAt.current = Math.max(index, 0);
      onImagesChange(remaining);
    } catch (error) {
      const reason = clientErrorReason(error);
      notify(
        reason ? `${LISTING_TEXT.removeImageFailed} ${reason}` : LISTING_TEXT.removeImageFailed,
        'error',
      );
    } finally {
      setRemoving((ids) => {
        const next = new Set(ids);
        next.delete(image.id);
        return next;
      });
    }
  };

  const onPublish = () =>
    publish.mutate(item, {
      onSuccess: (updated) => {
        focusAfter.current = 'next';
        onItemChange(updated);
        // Copy-paste text is published held for review (issue 11): say so, not 'Post Published'.
        notify(updated.moderation === 'held' ? MSG.moderation.held : MSG.preview.published);
      },
      onError: () => notify(MSG.preview.publishError, 'error'),
    });

  const leaveEditing = () => {
    focusAfter.current = 'edit';
    setEditing(false);
  };

  return (
    <Card as="article" padding="responsive" aria-label={item.name} className="space-y-6">
      {editing ? (
        <ListingEditForm
          item={item}
          onCancel={leaveEditing}
          onSaved={(updated) => {
            leaveEditing();
            onItemChange(updated);
            notify(MSG.preview.updated);
          }}
        />
      ) : (
        <ListingSummary item={item} />
      )}
      <section ref={imagesSection} aria-labelledby="preview-images" className="space-y-2">
        <h3
          id="preview-images"
          tabIndex={-1}
          className="text-sm font-medium text-slate-600 focus:outline-none"
        >
          Images
        </h3>
        <ListingImages
          images={images}
          name={item.name}
          {...(isOwner && editing && !item.isPublished
            ? { onRemove: onRemoveImage, isRemoving: (image: ImageDto) => removing.has(image.id) }
            : {})}
        />
      </section>
      {isOwner && !editing ? (
        <div ref={actions} className="space-y-3 border-t border-slate-100 pt-4">
          {item.isPublished ? <p className="text-sm text-slate-700">{LISTING_TEXT.publishedNote}</p> : null}
          {/* Its answer becomes the preview's item, so the badge above shows the new status. */}
          <StatusControl item={item} notify={notify} onChanged={onItemChange} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              data-focus="edit"
              disabled={item.isPublished || publish.isPending}
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
            {item.isPublished ? (
              <Link to="/account" data-focus="next" className={buttonClass('primary')}>
                Next
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            ) : (
              <Button onClick={onPublish} disabled={publish.isPending}>
                <Send aria-hidden="true" className="size-4" />
                {publish.isPending ? 'Publishing...' : 'Publish'}
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </Card>
  );
}
