// Routes of the feed feature; filled in by its issue.
import type { RoutesPlugin } from '../../deps';

export const feedRoutes: RoutesPlugin = async () => {};
