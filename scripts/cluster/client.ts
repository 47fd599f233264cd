// An HTTPS client for the cluster test that trusts the test's certificate and connects from a loopback
// address of its choice (127.0.0.2, 127.0.0.3, ...), so nginx and the app see distinct client addresses.
import https from 'node:https';
import { type Client, keepAliveClient, type Reply } from '../../server/test/http-client';

export type { Client, Reply, RequestOptions } from '../../server/test/http-client';

export function httpsClient(base: string, ca: Buffer, localAddress: string): Client {
  const agent = new https.Agent({
    keepAlive: true,
    ca,
    localAddress,
    servername: 'localhost',
    maxSockets: 4,
  });
  return keepAliveClient(base, agent, 60_000);
}

/** The session cookie (`__Host-sid=…` over https) a login answer sets. */
export function sessionCookieOf(reply: Reply): string {
  const cookies = reply.headers['set-cookie'] ?? [];
  const sid = cookies.map((c) => /^(__Host-sid|sid)=[^;]+/.exec(c)?.[0]).find(Boolean);
  if (!sid) throw new Error(`no session cookie in the answer (${reply.status})`);
  return sid;
}
