// A saved post that is no longer listed (issue 34): sold, expired, or out of sight (unpublished, hidden
// by a moderator). It stays on /saved so the buyer knows what became of it, marked, with no contact
// and a Remove button. A sold or expired post still opens; one out of sight only has its name.
import { Link } from 'react-router';
import type { FavouritesPage } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { SAVED_AVAILABILITY_LABELS } from '../../../../shared/post-status';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ImagePlaceholder, showPlaceholderOnError } from '../../../components/ui/image-placeholder';
import { itemOf, priceOf } from '../../../lib/post-item';
import { useToggleSaved } from '../api';

type SavedPost = FavouritesPage['posts'][number];

export function UnlistedSavedCard({
  post,
}: {
  post: SavedPost & { availability: 'sold' | 'expired' | 'unavailable' };
}) {
  const item = itemOf(post);
  const remove = useToggleSaved(post.id);
  const opens = post.availability !== 'unavailable';
  return (
    <Card
      as="article"
      frame="tile"
      padding="none"
      className="flex flex-col overflow-hidden"
      aria-label={item.name}
    >
      <div className="flex sm:flex-col">
        <div className="m-3 mr-0 aspect-[4/3] w-24 shrink-0 self-start overflow-hidden rounded-lg bg-slate-100 sm:m-0 sm:w-full sm:rounded-none">
          {post.cover ? (
            <img
              src={post.cover.thumbUrl}
              alt=""
              loading="lazy"
              decoding="async"
              onError={showPlaceholderOnError}
              className="size-full object-cover opacity-70 grayscale"
            />
          ) : (
            <ImagePlaceholder text={MSG.images.noneForPost} />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:p-4">
          <span>
            <Badge tone={post.availability === 'sold' ? 'danger' : 'plain'}>
              {SAVED_AVAILABILITY_LABELS[post.availability]}
            </Badge>
          </span>
          <h2 className="line-clamp-2 text-base font-semibold leading-snug text-slate-700">
            {opens ? (
              <Link to={`/posts/${post.id}`} className="underline-offset-2 hover:underline">
                {item.name}
              </Link>
            ) : (
              item.name
            )}
          </h2>
          {opens ? <p className="text-sm text-slate-600 line-through">{priceOf(item)}</p> : null}
          <p className="text-sm text-slate-600">{MSG.favourites.unlisted[post.availability]}</p>
        </div>
      </div>
      <div className="flex justify-end border-t border-slate-100 px-3 py-1 sm:px-4 sm:py-2">
        <Button
          variant="ghost"
          className="min-h-11 px-3 text-sm"
          aria-label={`Remove ${item.name} from saved posts`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(false)}
        >
          {MSG.favourites.remove}
        </Button>
      </div>
    </Card>
  );
}
