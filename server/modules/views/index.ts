// View counts (spec §7) and the signed anonymous visitor ids they count by.

export { forgetViewsOf } from './repo';
export { viewRoutes } from './routes';
export { VisitorIds } from './visitor-ids';
