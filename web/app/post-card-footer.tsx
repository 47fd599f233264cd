// A feed card's footer on /home and /infinite: the post's like and comment counts, and Save (issue 14).
import type { Engagement } from '../../shared/api-types';
import { SaveButton } from '../features/favourites';
import { CardEngagementBar } from '../features/likes';

export function PostCardFooter({ postId, engagement }: { postId: number; engagement?: Engagement }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <CardEngagementBar postId={postId} data={engagement} />
      <SaveButton postId={postId} compact />
    </div>
  );
}
