// A feed card's footer on /home and /infinite: the post's like and comment counts, and Save (issue 14).
import { SaveButton } from '../features/favourites';
import { CardEngagementBar } from '../features/likes';

export function PostCardFooter({ postId }: { postId: number }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <CardEngagementBar postId={postId} />
      <SaveButton postId={postId} compact />
    </div>
  );
}
