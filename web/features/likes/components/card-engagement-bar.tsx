// The compact like and comment counts under a post card (spec §4 Post card engagement). Display only:
// the card itself is the control that opens the post. Counts come from useCardEngagement's batch, read
// by each bar from the cache (useCardCounts); the bar tells it whether the card is on screen (only those are refreshed).
import { Heart, MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatCount } from '../../../../shared/format';
import { trackCard } from '../on-screen-cards';
import { useCardCounts } from '../use-card-engagement';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export function CardEngagementBar({ postId }: { postId: number }) {
  const data = useCardCounts(postId);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => trackCard(ref.current, postId), [postId]);
  return (
    <div
      ref={ref}
      data-testid={`engagement-${postId}`}
      className="flex min-h-6 items-center gap-4 text-sm text-slate-700 tabular-nums"
    >
      <span className="inline-flex items-center gap-1">
        <Heart
          aria-hidden="true"
          size={16}
          className={data?.isLiked ? 'fill-red-600 text-red-600' : 'text-slate-600'}
        />
        {data ? (
          <>
            <span aria-hidden="true">{formatCount(data.likeCount)}</span>
            <span className="sr-only">
              {`${formatCount(data.likeCount)} ${plural(data.likeCount, 'like', 'likes')}${data.isLiked ? ', including yours' : ''}`}
            </span>
          </>
        ) : (
          <span aria-hidden="true" className="inline-block w-4 text-slate-400">
            –
          </span>
        )}
      </span>
      <span className="inline-flex items-center gap-1">
        <MessageCircle aria-hidden="true" size={16} className="text-slate-600" />
        {data ? (
          <>
            <span aria-hidden="true">{formatCount(data.commentCount)}</span>
            <span className="sr-only">
              {`${formatCount(data.commentCount)} ${plural(data.commentCount, 'comment', 'comments')}`}
            </span>
          </>
        ) : (
          <span aria-hidden="true" className="inline-block w-4 text-slate-400">
            –
          </span>
        )}
      </span>
    </div>
  );
}
