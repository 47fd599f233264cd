// The reports feature's public face: the Report button (and its dialog) for posts and comments.
export { ReportButton } from './components/report-button';
