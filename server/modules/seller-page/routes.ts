// GET /api/users/{userId}/profile: a seller's public page, open to visitors like a post's detail.
// Unknown and suspended accounts are a 404; the answer is the same for everyone who asks.
import { MSG } from '../../../shared/messages';
import type { RoutesPlugin } from '../../deps';
import { notFound } from '../../errors';
import { route } from '../../route';
import { findSellerPage } from './service';

export const sellerPageRoutes: RoutesPlugin = async (app, deps) => {
  route(app, 'sellerPage', {}, async (request) => {
    const page = await findSellerPage(deps, request.params.userId, request.query.cursor || undefined);
    if (!page) throw notFound(MSG.sellerPage.notFound);
    return page;
  });
};
