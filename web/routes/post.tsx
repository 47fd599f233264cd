// A shareable post at /posts/{postId} (open to visitors; the server puts its Open Graph tags in the
// HTML). 'Invalid post ID' for an id that cannot be one, 'Post data not found' when it is not there.
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { useAuth } from '../features/auth/auth-context';
import { PostDetailPanel } from '../features/posts/components/post-detail-panel';
import { parsePostId } from '../features/posts/post-id';

export default function PostPage() {
  const { postId } = useParams();
  const { isAuthenticated } = useAuth();
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4 px-4 py-6">
      {/* Signed-in users go back to the full list; visitors to the feed that is open to them. */}
      <Link to={isAuthenticated ? '/home' : '/infinite'} className={buttonClass('secondary')}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        Back to Posts
      </Link>
      <PostDetailPanel postId={parsePostId(postId)} />
    </div>
  );
}
