import type { ReactNode } from 'react';
import type { PostWrapper } from '../../../../shared/api-types';
import { cardFromPost } from '../card-data';
import { FeedCard } from './feed-card';

export interface PostCardProps {
  post: PostWrapper;
  /** Opens the post in place (the /home detail); without it the card links to /posts/{id}. */
  onOpen?(post: PostWrapper): void;
  /** Rendered at the bottom of the card (e.g. likes and comment counts); nothing when absent. */
  footer?: ReactNode;
  /** See FeedCard: the first card's cover loads first. */
  priority?: boolean;
}

export function PostCard({ post, onOpen, footer, priority }: PostCardProps) {
  return (
    <FeedCard
      card={cardFromPost(post)}
      onOpen={onOpen ? () => onOpen(post) : undefined}
      footer={footer}
      priority={priority}
    />
  );
}
