import type { ReactNode } from 'react';
import type { PostWrapper } from '../../../../shared/api-types';
import { FeedCardSkeleton } from './feed-card';
import { PostCard } from './post-card';

/** The spec's grid: one column on small screens, two from md, three from lg. */
export const GRID_CLASS = 'grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3';

export function PostGrid({
  posts,
  onOpen,
  cardFooter,
}: {
  posts: PostWrapper[];
  onOpen?(post: PostWrapper): void;
  /** The footer of each card (the engagement slot of PostCard). */
  cardFooter?(post: PostWrapper): ReactNode;
}) {
  return (
    <ul className={GRID_CLASS} aria-label="Posts">
      {posts.map((post, index) => (
        <li key={post.id} className="flex flex-col [&>*]:flex-1">
          <PostCard post={post} onOpen={onOpen} footer={cardFooter?.(post)} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

export function PostGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className={GRID_CLASS}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <FeedCardSkeleton key={i} />
      ))}
    </div>
  );
}
