// An HTTPS client for the cluster test that trusts the test's certificate and connects from a loopback
// address of its choice (127.0.0.2, 127.0.0.3, ...), so nginx and the app see distinct client addresses.
import type { IncomingHttpHeaders } from 'node:http';
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

export function httpsClient(base: string, ca: Buffer, localAddress: string): Client {
  const url = new URL(base);
  const agent = new https.Agent({
    keepAlive: true,
    ca,
    localAddress,
    servername: 'localhost',
    maxSockets: 4,
  });
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
        const req = https.request(
          { agent, host: url.hostname, port: url.port, method, path, headers, timeout: 60_000 },
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
        req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 60 s`)));
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/** The session cookie (`__Host-sid=…` over https) a login answer sets. */
export function sessionCookieOf(reply: Reply): string {
  const cookies = reply.headers['set-cookie'] ?? [];
  const sid = cookies.map((c) => /^(__Host-sid|sid)=[^;]+/.exec(c)?.[0]).find(Boolean);
  if (!sid) throw new Error(`no session cookie in the answer (${reply.status})`);
  return sid;
}
