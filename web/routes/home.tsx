// Home (spec §2): the hero, 'Search posts...', the type and catalog filters, and the grid of published
// posts with more as you scroll. A card opens the post in place with 'Back to Posts'; the search,
// filters and open post live in the URL, so any view can be shared and survives a reload.
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { NO_FILTER } from '../../shared/feed-filter';
import { PostCardFooter } from '../app/post-card-footer';
import { Button } from '../components/ui/button';
import { useSignedInUser } from '../features/auth';
import { CommentsSection } from '../features/comments';
import { MessageSeller } from '../features/conversations';
import { SaveButton, useSavedState } from '../features/favourites';
import {
  DataSaverSwitch,
  FeedHero,
  PostFeed,
  PostFiltersBar,
  SearchBox,
  useListUrlState,
  usePostsList,
} from '../features/feed';
import { LikeButton, useCardCounts, useCardEngagement } from '../features/likes';
import { SaveSearchButton } from '../features/notifications';
import { PostDetailPanel, usePost } from '../features/post-detail';
import { ReportButton } from '../features/reports';
import { ViewStats } from '../features/views';

const TITLE = 'All Published Posts from All Users, All Time';

export default function Home() {
  const user = useSignedInUser();
  const { filters, setFilters, openId, preview, open, close } = useListUrlState();
  const isOpen = openId !== null;
  const postId = isOpen && !Number.isNaN(openId) ? openId : null;

  // The same list query PostFeed shows: its cards' ids go out in one batched engagement call.
  const list = usePostsList(filters);
  const ids = useMemo(
    () => list.data?.pages.flatMap((page) => page.posts.map((p) => p.id)) ?? [],
    [list.data],
  );
  useCardEngagement(ids, { enabled: !isOpen });
  const openCounts = useCardCounts(postId ?? 0);
  useSavedState(ids, true);
  const openPost = usePost(postId ?? 0, preview, postId !== null).data;
  const ownerId = openPost?.Product?.userId ?? openPost?.Service?.userId;

  useEffect(() => {
    if (!isOpen) document.title = `${TITLE} · Zim Marketplace`;
  }, [isOpen]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-3 sm:py-6">
      {/* The list stays mounted while a post is open, so Back finds it (and its scroll height) as it was. */}
      <div hidden={isOpen}>
        <FeedHero title={TITLE}>
          <SearchBox value={filters.search} onSearch={(search) => setFilters({ search })} />
        </FeedHero>
        {/* Phone margins are tight: the first screen must show a card and a half (feed-window.spec). */}
        <div className="mb-2 sm:mb-6">
          <PostFiltersBar filters={filters} onChange={setFilters} aside={<DataSaverSwitch />} />
        </div>
        {/* Only while a search or a filter is set (issue 33). */}
        <SaveSearchButton filter={filters} className="mb-2 flex justify-end sm:mb-6" />
        <PostFeed
          filters={filters}
          onOpen={open}
          active={!isOpen}
          onClearFilters={() => setFilters(NO_FILTER)}
          cardFooter={(post) => <PostCardFooter postId={post.id} />}
        />
      </div>
      {isOpen ? (
        <div className="space-y-4">
          <Button variant="secondary" onClick={close}>
            <ArrowLeft aria-hidden="true" className="size-5" />
            Back to Posts
          </Button>
          <PostDetailPanel
            postId={postId}
            preview={preview}
            focusHeading
            engagement={
              postId === null ? undefined : (
                <div key={postId} className="flex flex-wrap items-start gap-3">
                  <LikeButton postId={postId} initial={openCounts} />
                  <SaveButton postId={postId} />
                </div>
              )
            }
            message={
              postId === null || ownerId === undefined || ownerId === user?.id ? undefined : (
                <MessageSeller key={postId} postId={postId} ownerId={ownerId} />
              )
            }
            report={
              postId === null ? undefined : (
                <ReportButton
                  key={postId}
                  targetType="post"
                  targetId={postId}
                  ownerId={ownerId}
                  context="this post"
                />
              )
            }
            stats={postId === null ? undefined : <ViewStats key={postId} postId={postId} />}
            comments={
              postId === null ? undefined : (
                <CommentsSection
                  key={postId}
                  postId={postId}
                  postOwnerId={ownerId}
                  initialCount={openCounts?.commentCount}
                />
              )
            }
          />
        </div>
      ) : null}
    </div>
  );
}
