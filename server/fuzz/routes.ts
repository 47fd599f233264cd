// The fuzz's list of routes, read from the app itself so a route added or renamed later is fuzzed
// without touching this suite: Fastify's route tree gives every route (hidden ones too: /healthz,
// /media/*, the /posts/:id page, the catch-all shell), the OpenAPI document adds what each API call
// takes (path and query parameters, the JSON body's schema, multipart).
import { CALLS } from '../../shared/contract';
import type { CallSchemas } from '../../shared/contract/define';
import { type CallName, ROUTES } from '../../shared/contract/routes';
import type { App } from '../app';

/** The JSON Schema subset the OpenAPI document uses (fastify-type-provider-zod's output). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

export interface FuzzRoute {
  method: string;
  /** Fastify's pattern: `/api/posts/:postId`, `/media/*`. */
  path: string;
  /** One name per `:param` in order (the OpenAPI names where the document has the route). */
  params: string[];
  wildcard: boolean;
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
  multipart: boolean;
  /** The like, comment and view calls answer errors with `success: false` too (DESIGN §4). */
  envelope: boolean;
  /** A text/event-stream that stays open for a signed-in caller (GET /api/events). */
  stream: boolean;
}

/** The contract's streamed calls, as Fastify patterns. */
const STREAM_PATHS = new Set(
  (Object.keys(CALLS) as CallName[])
    .filter((name) => (CALLS[name] as CallSchemas).stream === true)
    .map((name) => ROUTES[name].path.replace(/\{(\w+)\}/g, ':$1')),
);

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  consumes?: string[];
}

const TREE_LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/;

/** Every (method, path) in Fastify's route tree (`printRoutes({ commonPrefix: false })`). */
export function parseRouteTree(tree: string): Array<{ method: string; path: string }> {
  const out: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const full = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) out.push({ method, path: full });
    }
  }
  return out;
}

// `/api/files/:type|:imageId` (two routes sharing one tree node) and `/api/files/{imageId}` both
// become `/api/files/:` so the tree and the document can be matched.
const shape = (path: string) => path.replace(/\{[^}]+\}/g, ':').replace(/:[^/]+/g, ':');

const ENVELOPE = /^\/api\/(likes|comments)\/|^\/api\/comments$|^\/api\/posts\/:[^/]+\/views?$/;

export async function discoverRoutes(app: App): Promise<FuzzRoute[]> {
  await app.ready();
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  const documented = new Map<string, { path: string; op: OpenApiOperation }>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      documented.set(`${method.toUpperCase()} ${shape(path)}`, { path, op });
      if (method === 'get') documented.set(`HEAD ${shape(path)}`, { path, op });
    }
  }

  const routes = parseRouteTree(app.printRoutes({ commonPrefix: false })).map(({ method, path }) => {
    const entry = documented.get(`${method} ${shape(path)}`);
    const op = entry?.op;
    const params = entry
      ? [...entry.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? 'id')
      : [...path.matchAll(/:([^/|]+)/g)].map((m) => m[1] ?? 'id');
    const pattern = entry
      ? entry.path.replace(/\{([^}]+)\}/g, ':$1')
      : path.replace(/:([^/|]+)(\|:[^/]+)+/g, ':$1');
    const query: Record<string, JsonSchema> = {};
    for (const p of op?.parameters ?? []) if (p.in === 'query') query[p.name] = p.schema;
    const content = op?.requestBody?.content ?? {};
    return {
      method,
      path: pattern,
      params,
      wildcard: pattern.endsWith('*'),
      query,
      body: content['application/json']?.schema ?? null,
      multipart: false,
      envelope: ENVELOPE.test(pattern),
      stream: STREAM_PATHS.has(pattern),
    };
  });
  // The document does not say which calls read multipart (a streamed upload has no body schema):
  // a route whose scope has no multipart parser answers an empty form with 415.
  for (const route of routes) {
    if (!['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
    const probe = await app.inject({
      method: route.method as 'POST',
      url: route.path.replace(/:[^/]+/g, '1').replace('*', 'x'),
      headers: { 'content-type': 'multipart/form-data; boundary=probe' },
      payload: '--probe--\r\n',
    });
    route.multipart = probe.statusCode !== 415;
  }
  return routes;
}
