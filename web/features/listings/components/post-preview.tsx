// The Post Preview's card (spec §2, §4): the created listing and its images, and the owner's actions.
// Edit only while unpublished (disabled once published); Save -> edit-post; Publish -> publish-post;
// once published, Edit stays disabled, Publish is gone and Next leads to the Account Dashboard.
import { ArrowRight, Pencil, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ItemDto } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { Button, buttonClass } from '../../../components/ui/button';
import { usePostImages, usePublishPost } from '../api';
import { LISTING_TEXT } from '../messages';
import type { PreviewState } from '../preview-state';
import { ListingEditForm } from './listing-edit-form';
import { ListingImages } from './listing-images';
import { ListingSummary } from './listing-summary';

export function PostPreview({
  state,
  isOwner,
  onItemChange,
  notify,
}: {
  state: PreviewState;
  isOwner: boolean;
  onItemChange(item: ItemDto): void;
  notify(text: string, tone?: 'success' | 'error'): void;
}) {
  const { item } = state;
  // The dashboard opens the preview with the cover only; the full list comes from the server.
  const images = usePostImages(item.type, item.id, state.images);
  const [editing, setEditing] = useState(false);
  const publish = usePublishPost();
  const actions = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<'edit' | 'next' | null>(null);

  // Leaving Edit mode returns focus to Edit; publishing moves it to Next (Publish is gone).
  useEffect(() => {
    const target = focusAfter.current;
    if (!target || editing) return;
    focusAfter.current = null;
    actions.current?.querySelector<HTMLElement>(`[data-focus="${target}"]`)?.focus();
  });

  const onPublish = () =>
    publish.mutate(item, {
      onSuccess: (updated) => {
        focusAfter.current = 'next';
        onItemChange(updated);
        notify(MSG.preview.published);
      },
      onError: () => notify(MSG.preview.publishError, 'error'),
    });

  const leaveEditing = () => {
    focusAfter.current = 'edit';
    setEditing(false);
  };

  return (
    <article aria-label={item.name} className="space-y-6 rounded-xl bg-white p-4 shadow-sm sm:p-6">
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
      <section aria-labelledby="preview-images" className="space-y-2">
        <h3 id="preview-images" className="text-sm font-medium text-slate-600">
          Images
        </h3>
        <ListingImages images={images} name={item.name} />
      </section>
      {isOwner && !editing ? (
        <div ref={actions} className="space-y-3 border-t border-slate-100 pt-4">
          {item.isPublished ? <p className="text-sm text-slate-700">{LISTING_TEXT.publishedNote}</p> : null}
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
    </article>
  );
}
