// Routes of the posts feature; filled in by its issue.
import type { RoutesPlugin } from '../../deps';

export const postRoutes: RoutesPlugin = async () => {};
