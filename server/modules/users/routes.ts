// Routes of the users feature; filled in by its issue.
import type { RoutesPlugin } from '../../deps';

export const userRoutes: RoutesPlugin = async () => {};
