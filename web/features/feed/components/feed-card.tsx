// The feed card: cover, type badge, name, price, place, category, buy/sell and age, and the safety
// warning in short when the server gives one. The name is the
// link (one short accessible name) and it stretches over the whole card, so any tap opens the post;
// the footer slot sits above that layer, so buttons placed there (a like button) stay their own.
// With Data saver on (decision 026) the card is text only: its photo loads when 'Show photo' is tapped.
import { ImageIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { StatusBadge, TypeBadge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { ImagePlaceholder, showPlaceholderOnError } from '../../../components/ui/image-placeholder';
import { SafetyWarning } from '../../../components/ui/safety-warning';
import { When } from '../../../components/ui/when';
import { isPlainClick } from '../../../lib/plain-click';
import type { FeedCardData } from '../card-data';
import { useDataSaver } from '../use-data-saver';

/** The width a card's cover is drawn at; its height follows the image's own proportions. */
const CARD_IMAGE_WIDTH = 480;
/** The cover's box: 4:3, 8rem wide beside the text on a phone, the card's width from sm. */
const COVER_CLASS =
  'm-3 mr-0 aspect-[4/3] w-32 shrink-0 self-start overflow-hidden rounded-lg bg-slate-100 sm:m-0 sm:w-full sm:rounded-none';
const TEXT_CLASS = 'flex flex-col gap-1 p-3 sm:gap-1.5 sm:p-4';

/** 'Looking to sell' / 'Looking to buy'. */
const lookingTo = (sellOrBuy: string) => `Looking to ${sellOrBuy.toLowerCase()}`;

export function FeedCard({
  card,
  onOpen,
  footer,
  priority = false,
  linkState,
}: {
  card: FeedCardData;
  /** Opens the post in place; without it (or on a ctrl/middle click) the link navigates to /posts/{id}. */
  onOpen?(): void;
  footer?: ReactNode;
  /** The first card of a feed: its cover is the page's largest paint, so it loads first, not lazily. */
  priority?: boolean;
  /** History state for the post the card links to (how its 'Back to Posts' finds the way back). */
  linkState?: unknown;
}) {
  const { postId, cover } = card;
  const [photoAsked, setPhotoAsked] = useState(false);
  const textOnly = useDataSaver() && !photoAsked;
  const place = [card.city, card.category].filter(Boolean).join(' · ');
  return (
    <Card
      as="article"
      frame="tile"
      padding="none"
      className="relative flex flex-col overflow-hidden transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-700"
    >
      {/* A phone shows a row (a 4:3 thumbnail beside the text) so two or three cards fit a screen;
          from sm the card stands up, its cover across the top. */}
      <div className="flex sm:flex-col">
        {textOnly ? null : (
          <div className={COVER_CLASS}>
            {cover ? (
              <img
                src={cover.thumbUrl}
                width={cover.width ? CARD_IMAGE_WIDTH : undefined}
                height={cover.width ? Math.round((CARD_IMAGE_WIDTH * cover.height) / cover.width) : undefined}
                alt=""
                loading={priority || photoAsked ? 'eager' : 'lazy'}
                fetchPriority={priority ? 'high' : undefined}
                decoding="async"
                onError={showPlaceholderOnError}
                className="size-full object-cover"
              />
            ) : (
              <ImagePlaceholder text={MSG.images.noneForPost} />
            )}
          </div>
        )}
        <div className={`${TEXT_CLASS} min-w-0 flex-1`}>
          <div className="flex items-center justify-between gap-2">
            <span className="flex flex-wrap gap-1">
              <TypeBadge type={card.type} />
              <StatusBadge status={card.status} />
            </span>
            <When at={card.date} className="text-sm text-slate-600" />
          </div>
          <h2 className="line-clamp-2 text-base font-semibold leading-snug text-slate-900 sm:text-lg">
            <Link
              to={`/posts/${postId}`}
              state={linkState}
              onClick={(event) => {
                if (!onOpen || !isPlainClick(event)) return;
                event.preventDefault();
                onOpen();
              }}
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {card.name}
            </Link>
          </h2>
          <p className="text-base font-bold text-brand-800 sm:text-lg">{card.price}</p>
          {place ? <p className="truncate text-sm text-slate-700">{place}</p> : null}
          <p className="text-sm text-slate-700">{lookingTo(card.sellOrBuy)}</p>
          {textOnly && cover ? (
            <button
              type="button"
              onClick={() => setPhotoAsked(true)}
              className="relative z-10 inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg px-1 text-sm font-medium text-brand-800 underline hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <ImageIcon aria-hidden="true" className="size-4" />
              Show photo
            </button>
          ) : null}
          {card.safetyWarning ? (
            <div className="mt-1">
              <SafetyWarning text={card.safetyWarning} compact />
            </div>
          ) : null}
        </div>
      </div>
      {footer ? (
        <div className="relative z-10 border-t border-slate-100 px-3 py-1 sm:px-4 sm:py-2">{footer}</div>
      ) : null}
    </Card>
  );
}

/** The card's shape while the list loads: the same sizes, so nothing moves when posts arrive. */
export function FeedCardSkeleton() {
  return (
    <Card aria-hidden="true" frame="outlined" padding="none" className="flex overflow-hidden sm:flex-col">
      <div className={`${COVER_CLASS} animate-pulse bg-slate-200`} />
      <div className={`${TEXT_CLASS} min-w-0 flex-1`}>
        <div className="flex h-5 justify-between">
          <div className="h-5 w-16 rounded-full bg-slate-200" />
          <div className="h-4 w-8 rounded bg-slate-200" />
        </div>
        <div className="my-1 h-5 w-3/4 rounded bg-slate-200" />
        <div className="my-1 h-5 w-1/3 rounded bg-slate-200" />
        <div className="my-0.5 h-4 w-1/2 rounded bg-slate-200" />
        <div className="my-0.5 h-4 w-2/5 rounded bg-slate-200" />
      </div>
    </Card>
  );
}
