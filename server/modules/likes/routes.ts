// Routes of the likes feature; filled in by its issue.
import type { RoutesPlugin } from '../../deps';

export const likeRoutes: RoutesPlugin = async () => {};
