// The views feature's public face: view tracking and the detail's statistics.
export { useTrackView } from './api';
export { ViewStats, type ViewStatsProps } from './components/view-stats';
