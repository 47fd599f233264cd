// The feed feature's public face: the /home list (hero, search, filters, grid, URL state) and the
// /infinite rolling feed.
export { usePostsList } from './api';
export { cameFromFeed } from './back-to-feed';
export { DataSaverSwitch } from './components/data-saver-switch';
export { FeedHero } from './components/feed-hero';
export { FeedError, FeedLoading } from './components/feed-states';
export { PostCard } from './components/post-card';
export { PostFeed } from './components/post-feed';
export { PostFiltersBar } from './components/post-filters';
export { PostGrid } from './components/post-grid';
export { RollingFeed } from './components/rolling-feed';
export { SearchBox } from './components/search-box';
export { TypeFilter } from './components/type-filter';
export { GRID_CLASS } from './components/windowed-grid';
export { useFilterUrlState } from './use-filter-url-state';
export { useInfiniteFeed } from './use-infinite-feed';
export { useListUrlState } from './use-list-url-state';
export { useSentinel } from './use-sentinel';
