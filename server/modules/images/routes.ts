// Routes of the images feature; filled in by its issue.
import type { RoutesPlugin } from '../../deps';

export const imageRoutes: RoutesPlugin = async () => {};
