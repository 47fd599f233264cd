// GET /api/users/{userId}/profile: a seller's public page, open to visitors like a post's detail.
// Unknown and suspended accounts are a 404; the answer is the same for everyone who asks.
import { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { sellerPageSchema } from '../../../shared/schemas/seller-page';
import { idSchema } from '../../../shared/validation';
import type { RoutesPlugin } from '../../deps';
import { notFound } from '../../errors';
import { errors } from '../../http-schemas';
import { findSellerPage } from './service';

const invalid = { error: MSG.errors.invalidInput };

export const sellerPageParams = z.object({ userId: idSchema(MSG.errors.invalidUserId) });
const sellerPageQuery = z.object({ cursor: z.string().max(100, invalid).optional() });

export const sellerPageRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/users/:userId/profile',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['seller page'],
        summary: "A seller's name, join date, listed post count and listed posts (12 a page, newest first)",
        params: sellerPageParams,
        querystring: sellerPageQuery,
        response: { 200: sellerPageSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const page = await findSellerPage(deps, request.params.userId, request.query.cursor || undefined);
      if (!page) throw notFound(MSG.sellerPage.notFound);
      return page;
    },
  );
};
