// The views feature's public face: the detail's view statistics (which record the view first).
export { ViewStats } from './components/view-stats';
