// Socket timeouts of the HTTP server (DESIGN §7b), from config (README's table). Fastify's defaults
// set none but keep-alive: a client that stopped sending mid-body held its socket, its request and
// anything the route had buffered for ever.
//
// - Idle (IDLE_TIMEOUT_SECONDS, 60): a connection with no byte in either direction for this long is
//   closed. This is what cuts a stalled body. A phone on 2G that loses signal for under a minute
//   carries on; every byte that arrives starts the count again, so a slow upload is never cut by it.
// - Headers (HEADERS_TIMEOUT_SECONDS, 30): the whole head of a request must arrive within this. Headers
//   are under 2 KB, a second even on GPRS; it stops a client trickling header bytes, which the idle
//   timeout alone would never cut. Node checks every 30 s, so such a client goes within a minute.
// - Request (REQUEST_TIMEOUT_SECONDS, 7200): the whole request, body included. It must not cut a slow
//   but progressing upload: the largest is 5 images of 5 MiB, 26.2 MB with the multipart framing,
//   which takes 35 minutes at 100 kbit/s (EDGE) and just under 2 hours at 30 kbit/s (GPRS). Two hours
//   still ends a client that keeps a request alive with a byte a minute.
// - Keep-alive (KEEP_ALIVE_TIMEOUT_SECONDS, 65): how long an idle connection waits for its next
//   request. Longer than the 60 s idle timeout of common proxies and load balancers (nginx upstream
//   keepalive, AWS ALB), so the proxy always closes first and never sends on a socket being closed.
import type { Config } from './config';

export function serverTimeouts({ timeouts }: Config) {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs },
  };
}
