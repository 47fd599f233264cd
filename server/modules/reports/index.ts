// Reports (issue 11): a member flags a post or comment; enough weight hides it for review. What open
// reports weigh, and why, is one rule (weight.ts) the moderation queue reads too.
export { forgetReportAddressesOf, targetKey, type WeighedTarget, weighOpenReports } from './facts';
export { reportRoutes } from './routes';
