// The built web app's files (dist/web), read into memory at start and sent from there: about 1 MB with
// the brotli and gzip copies the build writes beside each text file. Reading each from disk per request
// (a stat, an open, a stream) cost three times a /healthz, and under search load on the embedded
// database a static file's p99 was over its 5 ms budget (issue 12). A deploy restarts the server, which
// reads the new build; between deploys the files do not change.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Every file under `dir` as a path relative to it with '/' separators, dot folders and files left out. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

const readIfThere = (file: string, all: Set<string>) => (all.has(file) ? readFileSync(file) : undefined);

/**
 * The files to serve under `root`, by URL path. `.br` and `.gz` copies go with their file; `skip` leaves
 * out files another route serves.
 */
export function loadStaticFiles(root: string, skip: (relative: string) => boolean): Map<string, StaticFile> {
  const relatives = filesUnder(root);
  const all = new Set(relatives.map((relative) => path.join(root, relative)));
  const files = new Map<string, StaticFile>();
  for (const relative of relatives) {
    if (relative.endsWith('.br') || relative.endsWith('.gz') || skip(relative)) continue;
    const file = path.join(root, relative);
    const body = readFileSync(file);
    files.set(`/${relative}`, {
      body,
      br: readIfThere(`${file}.br`, all),
      gzip: readIfThere(`${file}.gz`, all),
      type: TYPES[path.extname(relative).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
      // Hashed names never change content; the rest (icons, the manifest) may with a deploy.
      cacheControl: relative.startsWith('assets/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600',
    });
  }
  return files;
}

/** Whether an Accept-Encoding header takes `name` (listed, and not with q=0). */
function accepts(header: string, name: string): boolean {
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';');
    if (token.trim().toLowerCase() !== name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** The copy this browser takes: brotli, else gzip, else the file itself. */
function encodingFor(request: FastifyRequest, file: StaticFile): 'br' | 'gzip' | undefined {
  const header = request.headers['accept-encoding'] ?? '';
  if (file.br && accepts(header, 'br')) return 'br';
  if (file.gzip && accepts(header, 'gzip')) return 'gzip';
  return undefined;
}

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply
    .header('content-type', file.type)
    .header('cache-control', file.cacheControl)
    .header('etag', file.etag);
  if (file.br || file.gzip) reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  const encoding = encodingFor(request, file);
  if (!encoding) return reply.send(file.body);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? file.br : file.gzip);
}

/** A GET route (and its HEAD) for each file. */
export function serveStaticFiles(app: FastifyInstance, files: Map<string, StaticFile>) {
  for (const [url, file] of files)
    app.get(url, { schema: { hide: true } }, (request, reply) => send(request, reply, file));
}
