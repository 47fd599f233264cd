// Security headers and the cross-site write refusal (DESIGN §5).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../shared/messages';
import type { Config } from '../config';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const https = opts.config.secureCookies;
  const media = opts.config.mediaPublicUrl && new URL(opts.config.mediaPublicUrl).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // MEDIA_PUBLIC_URL: images load from a CDN or bucket (decision 024).
        imgSrc: ["'self'", 'data:', 'blob:', ...(media ? [media] : [])],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https,
    crossOriginEmbedderPolicy: false,
  });

  // A state-changing call must come from our own pages: SameSite=Lax already keeps the cookie off most
  // cross-site requests; this also refuses the rest (and login CSRF) by Origin / Sec-Fetch-Site.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(MSG.auth.crossSite);
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== opts.config.publicUrl) throw forbidden(MSG.auth.crossSite);
  });
});
