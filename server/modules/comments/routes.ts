// Routes of the comments feature; filled in by its issue.
import type { RoutesPlugin } from '../../deps';

export const commentRoutes: RoutesPlugin = async () => {};
