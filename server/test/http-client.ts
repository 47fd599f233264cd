// A keep-alive HTTP or HTTPS client for what talks to real processes (the backup round trips, the
// cluster test, the soak): sends JSON or bytes and answers the status, headers and body, with nginx's
// request id and when the request was sent.
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** nginx's X-Request-Id: finds the access-log line, and so the instance that answered. */
  requestId: string;
  /** When the request was sent (ms, Date.now()). */
  sentAt: number;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  json?: unknown;
  body?: Buffer;
}

export interface Client {
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
  close(): void;
}

/** Requests to `base` over `agent` (http or https, as `base` says), each given up after `timeoutMs`. */
export function keepAliveClient(base: string, agent: http.Agent, timeoutMs: number): Client {
  const url = new URL(base);
  const transport = url.protocol === 'https:' ? https : http;
  return {
    request(method, path, options = {}) {
      const body = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
      const headers: Record<string, string> = {
        ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      };
      if (body) headers['content-length'] = String(body.length);
      const sentAt = Date.now();
      return new Promise((resolve, reject) => {
        const req = transport.request(
          { agent, host: url.hostname, port: url.port, method, path, headers, timeout: timeoutMs },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('error', reject);
            res.on('end', () => {
              const data = Buffer.concat(chunks);
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: data,
                requestId: String(res.headers['x-request-id'] ?? ''),
                sentAt,
                json: <T>() => JSON.parse(data.toString('utf8')) as T,
              });
            });
          },
        );
        req.on('timeout', () =>
          req.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs / 1000} s`)),
        );
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
