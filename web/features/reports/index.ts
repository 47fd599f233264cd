// The reports feature's public face: the Report button (and its dialog) for posts and comments, and
// the dialog alone for a screen with its own menu (a conversation's Report).
export { ReportButton } from './components/report-button';
export { ReportDialog } from './components/report-dialog';
