// One of the user's posts on the Account Dashboard: cover thumbnail (or a placeholder), type, sell or
// buy, published state, name (opening its Post Preview), price, city and age, its views, likes and
// comments (only its owner sees them here), Edit, the Publish / Unpublish toggle and Delete, and the
// sale status. Edit opens the listing's fields in the card: a published post is edited in place, live
// (issue 34, decision 045); the preview's Edit stays for unpublished posts, as the spec says.
import { Eye, Heart, ImageOff, MessageCircle, Pencil } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MyPost } from '../../../../shared/api-types';
import { formatCount, formatRelativeTime } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { buttonClass } from '../../../components/ui/button';
import { Card, cardClass } from '../../../components/ui/card';
import { itemOf, priceOf } from '../../../lib/post-item';
import { LISTING_TEXT } from '../messages';
import type { PreviewState } from '../preview-state';
import { DeletePostButton } from './delete-post-button';
import { ListingEditForm } from './listing-edit-form';
import { PostBadges } from './post-badges';
import { PublishToggle } from './publish-toggle';
import { RenewPost } from './renew-post';
import { StatusControl } from './status-control';

export function PostGridCard({
  post,
  notify,
}: {
  post: MyPost;
  notify(text: string, tone?: 'success' | 'error'): void;
}) {
  const item = itemOf(post);
  const titleId = `post-${post.id}-title`;
  const preview: PreviewState = { item, images: post.cover ? [post.cover] : [] };
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const editCard = useRef<HTMLElement>(null);
  const wasEditing = useRef(false);
  // Opening the form moves focus to its first field; leaving it, back to Edit.
  useEffect(() => {
    if (editing) editCard.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  if (editing)
    return (
      <article ref={editCard} aria-labelledby={titleId} className={cardClass({ frame: 'tile' }, 'space-y-4')}>
        <h3 id={titleId} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {LISTING_TEXT.editing(item.name)}
        </h3>
        {item.isPublished ? <p className="text-sm text-slate-700">{LISTING_TEXT.liveEditNote}</p> : null}
        <ListingEditForm
          item={item}
          onCancel={() => setEditing(false)}
          onSaved={(updated) => {
            setEditing(false);
            notify(
              updated.moderation === 'held' && item.moderation !== 'held'
                ? MSG.moderation.held
                : MSG.preview.updated,
            );
          }}
        />
      </article>
    );
  return (
    // Below md the card is a row (a small square thumbnail beside the text), so a phone shows several
    // posts per screen; from md it is a column with a 4:3 cover.
    <Card
      as="article"
      frame="tile"
      padding="none"
      aria-labelledby={titleId}
      className="relative flex h-full flex-col overflow-hidden"
    >
      <div className="flex flex-1 gap-3 p-3 md:flex-col md:gap-0 md:p-0">
        <div className="size-24 shrink-0 overflow-hidden rounded-lg bg-slate-100 md:aspect-[4/3] md:size-auto md:rounded-none">
          {post.cover ? (
            <img
              src={post.cover.thumbUrl}
              width={post.cover.width}
              height={post.cover.height}
              loading="lazy"
              decoding="async"
              alt=""
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-1 text-slate-600">
              <ImageOff aria-hidden="true" className="size-6 md:size-8" />
              <span className="text-xs md:text-sm">No image</span>
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2 md:p-4 md:pb-3">
          <PostBadges item={item} expired={post.expired} />
          <div>
            <h3 id={titleId} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
              {/* Opens the preview, where an unpublished post is edited; the whole card is the click area. */}
              <Link
                to="/product-preview"
                state={preview}
                className="rounded after:absolute after:inset-0 after:content-[''] hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {item.name}
              </Link>
            </h3>
            <p className="font-medium text-brand-800">{priceOf(item)}</p>
            <p className="text-sm text-slate-600">
              {item.city} · <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt)}</time>
            </p>
            <PostStats stats={post.stats} />
          </div>
        </div>
      </div>
      {/* Above the title link's card-wide click area. */}
      <div className="relative z-10 grid grid-cols-2 gap-2 px-3 pb-3 md:px-4 md:pb-4">
        <button
          type="button"
          ref={editButton}
          className={buttonClass('secondary', 'col-span-2 w-full')}
          onClick={() => setEditing(true)}
          aria-label={`Edit ${item.name}`}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </button>
        <PublishToggle item={item} notify={notify} />
        <DeletePostButton item={item} notify={notify} />
        <StatusControl item={item} notify={notify} />
        {post.expired ? <RenewPost item={item} notify={notify} /> : null}
      </div>
    </Card>
  );
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

function Stat({ icon, count, label }: { icon: ReactNode; count: number; label: string }) {
  return (
    <li className="flex items-center gap-1">
      {icon}
      {formatCount(count)}
      <span className="sr-only"> {label}</span>
    </li>
  );
}

/** Views, likes and comments, as icons and counts (each read out with its word). */
function PostStats({ stats }: { stats: MyPost['stats'] }) {
  const icon = 'size-4 text-slate-500';
  return (
    <ul aria-label="Activity" className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-700">
      <Stat
        icon={<Eye aria-hidden="true" className={icon} />}
        count={stats.views}
        label={plural(stats.views, 'view', 'views')}
      />
      <Stat
        icon={<Heart aria-hidden="true" className={icon} />}
        count={stats.likes}
        label={plural(stats.likes, 'like', 'likes')}
      />
      <Stat
        icon={<MessageCircle aria-hidden="true" className={icon} />}
        count={stats.comments}
        label={plural(stats.comments, 'comment', 'comments')}
      />
    </ul>
  );
}
