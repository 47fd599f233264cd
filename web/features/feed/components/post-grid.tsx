import type { ReactNode } from 'react';
import type { PostWrapper } from '../../../../shared/api-types';
import { FeedCardSkeleton } from './feed-card';
import { PostCard } from './post-card';
import { GRID_CLASS, WindowedGrid } from './windowed-grid';

/** The /home grid of posts, windowed: a long scroll keeps only the cards near the screen. */
export function PostGrid({
  posts,
  onOpen,
  cardFooter,
  active,
}: {
  posts: PostWrapper[];
  onOpen?(post: PostWrapper): void;
  /** The footer of each card (the engagement slot of PostCard). */
  cardFooter?(post: PostWrapper): ReactNode;
  /** False while a post is open over the list. */
  active?: boolean;
}) {
  return (
    <WindowedGrid
      name="posts"
      items={posts}
      itemKey={(post) => post.id}
      active={active}
      renderItem={(post, index) => (
        <PostCard post={post} onOpen={onOpen} footer={cardFooter?.(post)} priority={index === 0} />
      )}
    />
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
