// Security headers and the cross-site write refusal (DESIGN §5).
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isPublicAnswer, PRIVATE_ANSWER } from '../../shared/answer-privacy';
import { MSG } from '../../shared/messages';
import type { Config } from '../config';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const headers = securityHeaders(opts.config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // An API answer is private unless its route marks it public (decision 044): one that depends on who
  // asks (an owner's or a moderator's view, anyone's own data) is kept by no cache, the service worker
  // included, whatever its route remembered to say. Errors too: a 404 is never remembered.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !isPublicAnswer(String(reply.getHeader('cache-control') ?? '')))
      reply.header('cache-control', PRIVATE_ANSWER);
    done(null, payload);
  });

  // A state-changing call must come from our own pages: SameSite=Lax already keeps the cookie off most
  // cross-site requests; this also refuses the rest (and login CSRF) by Origin / Sec-Fetch-Site.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (request.headers['sec-fetch-site'] === 'cross-site') return done(forbidden(MSG.auth.crossSite));
    const origin = request.headers.origin;
    if (origin === undefined) return done();
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== opts.config.publicUrl) return done(forbidden(MSG.auth.crossSite));
    done();
  });
});

/** What helmet is asked for: a strict CSP with no nonces, so the headers are the same on every answer. */
function helmetOptions(config: Config): HelmetOptions {
  const https = config.secureCookies;
  const media = config.mediaPublicUrl && new URL(config.mediaPublicUrl).origin;
  return {
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
  };
}

/**
 * The security headers helmet sets, worked out once at start: they depend only on the settings, and
 * helmet rebuilding the CSP text on every request was about 10% of a cached feed's CPU.
 */
export function securityHeaders(config: Config): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(helmetOptions(config))({} as never, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}
