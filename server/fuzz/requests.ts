// One generated request: a route from the app (or a path it does not have), a method, odd path
// parameters and query strings, a body, headers and who sends it (visitor, member, forged cookie).
import fc from 'fast-check';
import { type Body, bodyFor, OWN_POST, type Targets } from './bodies';
import { multipartFor } from './multipart';
import type { FuzzRoute } from './routes';
import { anyString, encodePathText, type Limits, pathSegment, pick } from './values';

export type Identity = 'visitor' | 'member' | 'forged' | 'member+forged';

export interface FuzzRequest {
  /** The route the request was made for; null for a path the app does not have. */
  route: FuzzRoute | null;
  method: string;
  url: string;
  identity: Identity;
  /** Which member (an index into the actors) a member request uses. */
  actor: number;
  headers: Record<string, string>;
  body: Body;
  remoteAddress: string;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

const oddQuery = fc.constantFrom(
  '?',
  '?&&&',
  '?=',
  '?a',
  '?%',
  '?%zz=1',
  '?a=%ED%A0%80',
  '?a=%00',
  '?a[b]=1',
  '?a[]=1&a[]=2',
  '?__proto__[x]=1',
  '?constructor[prototype][x]=1',
  `?${'a=1&'.repeat(2000)}`,
  `?q=${'%F0%9F%91%8D'.repeat(500)}`,
);

function queryFor(route: FuzzRoute | null, limits: Limits, targets: Targets) {
  const keys = Object.keys(route?.query ?? {});
  const value = fc.oneof(
    { weight: 2, arbitrary: pick(targets.postIds).map(String) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('product', 'service', 'Electronics', 'Harare', 'Sell', 'phone', ''),
    },
    { weight: 1, arbitrary: fc.array(fc.nat(50), { maxLength: 60 }).map((ids) => ids.join(',')) },
    { weight: 4, arbitrary: anyString(limits) },
  );
  const pairs = fc.array(
    fc.tuple(
      keys.length
        ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, fc.string({ maxLength: 6 }))
        : fc.string({ maxLength: 6 }),
      value,
    ),
    { maxLength: keys.length + 2 },
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: pairs.map((ps) =>
        ps.length ? `?${ps.map(([k, v]) => `${encodePathText(k)}=${encodePathText(v)}`).join('&')}` : '',
      ),
    },
    { weight: 1, arbitrary: oddQuery },
  );
}

const wildcardTail = (limits: Limits, targets: Targets) =>
  fc.oneof(
    pick(targets.mediaKeys),
    fc.constantFrom(
      '',
      'static/index.html',
      'json',
      '../package.json',
      '..%2F..%2Fpackage.json',
      '%2e%2e/%2e%2e/db/PG_VERSION',
      'db/PG_VERSION',
      'a/b/c/d/e/f.webp',
      '.vite/manifest.json',
      'x'.repeat(300),
      'x/'.repeat(200),
      '%00.webp',
      'index.html',
    ),
    anyString(limits).map(encodePathText),
  );

function urlFor(route: FuzzRoute, limits: Limits, targets: Targets) {
  const segments = route.params.map((name) => {
    const pool = name === 'id' ? targets.commentIds : name === 'imageId' ? targets.imageIds : targets.postIds;
    if (name === 'type') return fc.oneof(fc.constantFrom('product', 'service'), pathSegment(limits, pool));
    return name === 'postId'
      ? fc.oneof(fc.constant(OWN_POST), pathSegment(limits, pool))
      : pathSegment(limits, pool);
  });
  return fc
    .tuple(fc.tuple(...segments), wildcardTail(limits, targets), queryFor(route, limits, targets))
    .map(([values, tail, query]) => {
      let i = 0;
      const filled = route.path.replace(/:[^/]+/g, () => values[i++] ?? '1').replace(/\*$/, tail);
      const path = filled.startsWith('/') ? filled : `/${filled}`; // the catch-all route is '*'
      // A raw ? or # in a parameter ends the path early, and a . or .. segment (%2e too) is resolved
      // away: the request is no longer for this route.
      return { url: path + query, exact: !values.some((v) => /[?#]|^(\.|%2e){1,2}$/i.test(v)) };
    });
}

const unknownPath = (limits: Limits) =>
  fc
    .tuple(
      fc.constantFrom('/api/', '/', '/api/v2/', '/media/', '/posts/', '/assets/'),
      anyString(limits).map(encodePathText),
    )
    .map(([prefix, rest]) => prefix + rest);

const headers = fc.record(
  {
    origin: fc.constantFrom('http://localhost:3000', 'https://evil.example', 'null', 'http://localhost', ''),
    'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site', 'garbage'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip, deflate, br', '*', 'identity;q=0', 'x'),
    accept: fc.constantFrom('application/json', 'text/html', '*/*', 'image/webp', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1', ''),
    'if-none-match': fc.constantFrom('*', '"x"', 'W/"1"'),
    range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=99999999-', 'garbage'),
  },
  { requiredKeys: [] },
);

const forgedCookie = fc.oneof(
  fc.string({ maxLength: 64, unit: fc.constantFrom(...'0123456789abcdefABCDEF-_') }).map((h) => `sid=${h}`),
  fc.constantFrom(
    'sid=',
    'sid',
    '=',
    ';;;',
    `sid=${'a'.repeat(100)}`,
    `sid=${'a'.repeat(101)}`,
    `sid=${'a'.repeat(5000)}`,
    'sid=%ZZ',
    'sid=%00',
    'sid="quoted"',
    'sid=a; sid=b',
    'SID=abc',
    'sid=\u00e9',
  ),
);

/**
 * Requests for the routes. `sweep` makes one for each route as it is meant to be called (its own
 * method, a member): the pass that reaches every route once, whatever the seed.
 */
export function requestFor(
  routes: FuzzRoute[],
  limits: Limits,
  targets: Targets,
  bodyLimit: number,
  actors: number,
  sweep = false,
) {
  const perRoute = routes.map((route) => {
    const multipart = route.multipart ? multipartFor(limits, targets) : null;
    const body = multipart
      ? fc.oneof(
          { weight: 4, arbitrary: multipart },
          { weight: 1, arbitrary: bodyFor(route.body, limits, targets, bodyLimit) },
        )
      : ['GET', 'HEAD', 'DELETE'].includes(route.method)
        ? fc.oneof(
            { weight: 6, arbitrary: fc.constant<Body>({ kind: 'none' }) },
            { weight: 1, arbitrary: bodyFor(route.body, limits, targets, bodyLimit) },
          )
        : fc.oneof(
            { weight: 8, arbitrary: bodyFor(route.body, limits, targets, bodyLimit) },
            { weight: 1, arbitrary: multipartFor(limits, targets) },
          );
    const method = sweep
      ? fc.constant(route.method)
      : fc.oneof(
          { weight: 12, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
        );
    return fc
      .record({ method, url: urlFor(route, limits, targets), body })
      .map(({ method, url, body }) => ({ route: url.exact ? route : null, method, url: url.url, body }));
  });
  // Calls that take input get more of the budget than reads; the upload (a multipart parser, image
  // decoding, files on disk) the most.
  const weight = (route: FuzzRoute) =>
    route.multipart && route.method === 'POST' ? 8 : ['GET', 'HEAD'].includes(route.method) ? 1 : 3;
  const known = fc.oneof(
    ...perRoute.map((arbitrary, i) => ({ arbitrary, weight: weight(routes[i] as FuzzRoute) })),
  );
  const unknown = fc.record({
    route: fc.constant<FuzzRoute | null>(null),
    method: fc.constantFrom(...METHODS),
    url: unknownPath(limits),
    body: bodyFor(null, limits, targets, bodyLimit),
  });
  return fc
    .tuple(
      sweep ? known : fc.oneof({ weight: 15, arbitrary: known }, { weight: 1, arbitrary: unknown }),
      sweep
        ? fc.constant<Identity>('member')
        : fc.constantFrom<Identity>('visitor', 'member', 'member', 'member', 'forged', 'member+forged'),
      fc.nat(actors - 1),
      sweep
        ? fc.constant(undefined)
        : fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: headers }),
      forgedCookie,
      fc.integer({ min: 1, max: 250 }),
      fc.integer({ min: 1, max: 250 }),
    )
    .map(([r, identity, actor, extra, forged, a, b]): FuzzRequest => {
      const h: Record<string, string> = { ...(extra ?? {}) };
      if (identity === 'forged' || identity === 'member+forged') h.cookie = forged;
      if (r.body.contentType !== undefined) h['content-type'] = r.body.contentType;
      return { ...r, identity, actor, headers: h, remoteAddress: `10.9.${a}.${b}` };
    });
}
