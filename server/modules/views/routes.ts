// Routes of the views feature; filled in by its issue.
import type { RoutesPlugin } from '../../deps';

export const viewRoutes: RoutesPlugin = async () => {};
