// A shareable post at /posts/{postId} (open to visitors; the server puts its Open Graph tags in the
// HTML). 'Invalid post ID' for an id that cannot be one, 'Post data not found' when it is not there.
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { parseId } from '../../shared/ids';
import { buttonClass } from '../components/ui/button';
import { useAuth } from '../features/auth';
import { CommentsSection } from '../features/comments';
import { MessageSeller } from '../features/conversations';
import { SaveButton } from '../features/favourites';
import { cameFromFeed } from '../features/feed';
import { LikeButton } from '../features/likes';
import { PostDetailPanel, usePost } from '../features/post-detail';
import { ReportButton } from '../features/reports';
import { ViewStats } from '../features/views';
import { isPlainClick } from '../lib/plain-click';

export default function PostPage() {
  const { postId } = useParams();
  const { isAuthenticated, user } = useAuth();
  const fromFeed = cameFromFeed(useLocation().state);
  const navigate = useNavigate();
  const id = parseId(postId);
  const post = usePost(id ?? 0, undefined, id !== null).data;
  const ownerId = post?.Product?.userId ?? post?.Service?.userId;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4 px-4 py-6">
      {/* Opened from the feed: one step back, to the same card. Otherwise signed-in users go to the
          full list, visitors to the feed that is open to them. */}
      <Link
        to={isAuthenticated ? '/home' : '/infinite'}
        onClick={(event) => {
          // Only where the feed's entry is there to go back to (not a reloaded tab that lost it).
          const inAppSteps = (window.history.state as { idx?: number } | null)?.idx ?? 0;
          if (!fromFeed || inAppSteps < 1 || !isPlainClick(event)) return;
          event.preventDefault();
          navigate(-1);
        }}
        className={buttonClass('secondary')}
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
        Back to Posts
      </Link>
      <PostDetailPanel
        postId={id}
        engagement={
          id === null ? undefined : (
            <div key={id} className="flex flex-wrap items-start gap-3">
              <LikeButton postId={id} />
              <SaveButton postId={id} />
            </div>
          )
        }
        message={
          id === null || ownerId === undefined || ownerId === user?.id ? undefined : (
            <MessageSeller key={id} postId={id} ownerId={ownerId} />
          )
        }
        report={
          id === null ? undefined : (
            <ReportButton key={id} targetType="post" targetId={id} ownerId={ownerId} context="this post" />
          )
        }
        stats={id === null ? undefined : <ViewStats key={id} postId={id} />}
        comments={id === null ? undefined : <CommentsSection key={id} postId={id} postOwnerId={ownerId} />}
      />
    </div>
  );
}
